package dev.gatewaykit.gateway.filter;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class PathHygieneWebFilterTests {

	private final PathHygieneWebFilter filter = new PathHygieneWebFilter();

	@ParameterizedTest(name = "refuses {0}")
	@ValueSource(strings = { "/api/auth/oauth/token/../../mall/products/1", "/api/auth/../mall/products/1",
			"/api/auth/%2e%2e/mall/products/1", "/api/auth/%2E%2E/mall/products/1", "/api/auth%2f..%2fmall/products/1",
			"/api/auth/oauth/token%2F..%2F..%2Fmall", "/api/mall//products/1", "//api/mall/products/1",
			"/api/auth/oauth/token;/../../mall/products/1", "/api/mall/products;jsessionid=x/1",
			"/api/auth/oauth/token%3b/../mall", "/api/mall/products/%252e%252e/1", "/api/mall/./products/1",
			"/api/auth\\..\\mall/products/1", "/api/mall/products/1%00", "/api/mall/%61ctuator/prometheus",
			"/api/mall/%41CTUATOR", "/api/mall/products/%31", "/api/mall/products/%7E", "/api/mall/products/%5f" })
	void refusesNonCanonicalPaths(String path) {
		// The raw path as received; MockServerHttpRequest.get(String) would re-encode it
		// as a URI template.
		assertThat(PathHygieneWebFilter.problem(path)).isPresent();
	}

	@ParameterizedTest(name = "answers 400 JSON for {0}")
	@ValueSource(strings = { "/api/auth/oauth/token/../../mall/products/1", "/api/mall//products/1",
			"/api/auth%2f..%2fmall/products/1" })
	void answers400WithJsonBody(String path) {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.method(HttpMethod.GET, URI.create(path)));
		AtomicBoolean passed = new AtomicBoolean();
		StepVerifier.create(this.filter.filter(exchange, (e) -> {
			passed.set(true);
			return Mono.empty();
		})).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(passed).isFalse();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.assertNext((body) -> assertThat(body).contains("\"error\":\"bad_path\""))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@ParameterizedTest(name = "passes {0}")
	@ValueSource(strings = { "/api/mall/products/1", "/api/auth/oauth/token", "/api/mall/products",
			"/api/mall/products/caf%C3%A9", "/actuator/health" })
	void passesCanonicalPaths(String path) {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.method(HttpMethod.GET, URI.create(path)));
		AtomicBoolean passed = new AtomicBoolean();
		StepVerifier.create(this.filter.filter(exchange, (e) -> {
			passed.set(true);
			return Mono.empty();
		})).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(passed).isTrue();
		assertThat(exchange.getResponse().getStatusCode()).isNull();
	}

}
