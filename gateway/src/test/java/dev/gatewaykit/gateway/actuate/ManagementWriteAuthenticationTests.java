package dev.gatewaykit.gateway.actuate;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The filter on its own, without the path-hygiene filter that refuses odd paths in front
 * of it on the server: every spelling of a path under the actuator's base path needs the
 * credentials for a write.
 */
class ManagementWriteAuthenticationTests {

	private final ManagementWriteAuthentication filter = new ManagementWriteAuthentication("/actuator",
			new ManagementCredentials("kit-admin", "s3cret-password"));

	@ParameterizedTest(name = "POST {0}")
	@ValueSource(strings = { "/actuator", "/actuator/", "/actuator/kit", "/actuator;a=b/kit", "/actuator;/kit",
			"/%61ctuator/kit", "/ACTUATOR/kit", "//actuator/kit", "/./actuator/kit", "/x/../actuator/kit",
			"/actuator/loggers/root" })
	void refusesAWriteUnderTheBasePathWithoutCredentials(String path) {
		MockServerWebExchange exchange = exchange(HttpMethod.POST, path, null);
		assertThat(passes(exchange)).isFalse();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
		assertThat(exchange.getResponse().getHeaders().getFirst("WWW-Authenticate")).startsWith("Basic");
	}

	@ParameterizedTest(name = "POST {0}")
	@ValueSource(strings = { "/actuator;a=b/kit", "/actuator/kit" })
	void letsAWriteWithTheCredentialsThrough(String path) {
		String basic = "Basic "
				+ Base64.getEncoder().encodeToString("kit-admin:s3cret-password".getBytes(StandardCharsets.UTF_8));
		assertThat(passes(exchange(HttpMethod.POST, path, basic))).isTrue();
	}

	@ParameterizedTest(name = "POST {0}")
	@ValueSource(strings = { "/actuatorx/kit", "/other/actuator/kit", "/" })
	void letsPathsOutsideTheBasePathThrough(String path) {
		assertThat(passes(exchange(HttpMethod.POST, path, null))).isTrue();
	}

	@Test
	void letsReadsThrough() {
		assertThat(passes(exchange(HttpMethod.GET, "/actuator;a=b/kit", null))).isTrue();
	}

	@Test
	void guardsEveryPathWhenTheBasePathIsTheRoot() {
		ManagementWriteAuthentication root = new ManagementWriteAuthentication("/",
				new ManagementCredentials("kit-admin", "s3cret-password"));
		AtomicBoolean passed = new AtomicBoolean();
		StepVerifier.create(root.filter(exchange(HttpMethod.POST, "/kit", null), (next) -> {
			passed.set(true);
			return Mono.empty();
		})).expectComplete().verify(Duration.ofSeconds(5));
		assertThat(passed).isFalse();
	}

	private boolean passes(MockServerWebExchange exchange) {
		AtomicBoolean passed = new AtomicBoolean();
		StepVerifier.create(this.filter.filter(exchange, (next) -> {
			passed.set(true);
			return Mono.empty();
		})).expectComplete().verify(Duration.ofSeconds(5));
		return passed.get();
	}

	private static MockServerWebExchange exchange(HttpMethod method, String path, String authorization) {
		MockServerHttpRequest.BaseBuilder<?> request = MockServerHttpRequest.method(method,
				URI.create("http://localhost:8081" + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return MockServerWebExchange.from(request);
	}

}
