package dev.gatewaykit.gateway.web;

import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;
import reactor.test.StepVerifier;

import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.server.ResponseStatusException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The handler's mapping of the overload and rate-limit exceptions, one at a time; the
 * integration tests ({@code GatewayOverloadTests}, {@code LoginRateLimitSecurityTests})
 * force them for real.
 */
class JsonErrorWebExceptionHandlerTests {

	private final JsonErrorWebExceptionHandler handler = new JsonErrorWebExceptionHandler();

	static Stream<Throwable> overloads() {
		return Stream.of(new PoolAcquirePendingLimitException(2),
				new PoolAcquireTimeoutException(Duration.ofMillis(300)), new RejectedExecutionException("queue full"),
				new IllegalStateException("wrapped", new RejectedExecutionException("queue full")));
	}

	@ParameterizedTest
	@MethodSource("overloads")
	void answersAnOverloadWith503JsonAndRetryAfter(Throwable overload) {
		MockServerWebExchange exchange = handle(overload);
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
		String id = exchange.getRequest().getId();
		assertThat(exchange.getResponse().getHeaders().getFirst(ErrorResponses.REQUEST_ID_HEADER)).isEqualTo(id);
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5))).isEqualTo(
				"{\"status\":503,\"error\":\"overloaded\",\"message\":\"the gateway is at capacity; retry shortly"
						+ " (request id " + id + ")\"}");
	}

	@Test
	void answersARateLimitWith429JsonAndTheSecondsTheRouteStates() {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.post("/api/auth/oauth/token"));
		// A route whose logins cost 60 tokens earned back at 1 a second.
		exchange.getAttributes()
			.put(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR,
					Route.async()
						.id("login")
						.uri("http://127.0.0.1:9000")
						.predicate((any) -> true)
						.metadata(JsonErrorWebExceptionHandler.RETRY_AFTER_SECONDS, 60L)
						.build());
		StepVerifier
			.create(this.handler.handle(exchange, HttpClientErrorException.create(HttpStatus.TOO_MANY_REQUESTS,
					"Too Many Requests", HttpHeaders.EMPTY, null, null)))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
		assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("60");
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5)))
			.contains("\"error\":\"too_many_requests\"");
		assertThat(exchange.getResponse().getHeaders().headerNames())
			.noneMatch((name) -> name.startsWith("X-RateLimit"));
	}

	@Test
	void answersAnUpstream5xxWithItsReasonPhraseAndARequestIdOnly() {
		MockServerWebExchange exchange = handle(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE,
				"Unable to find instance for mall-api at 10.0.0.7:9100"));
		String id = exchange.getRequest().getId();
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5)))
			.isEqualTo("{\"status\":503,\"error\":\"service_unavailable\",\"message\":\"Service Unavailable"
					+ " (request id " + id + ")\"}");
	}

	@Test
	void answersAnUnreachableUpstreamWithoutItsAddress() {
		MockServerWebExchange exchange = handle(new ConnectException("Connection refused: toxiproxy/172.18.0.5:18081"));
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.BAD_GATEWAY);
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5)))
			.doesNotContain("toxiproxy", "18081", "172.18", "refused", "Exception")
			.contains("(request id " + exchange.getRequest().getId() + ")");
	}

	private MockServerWebExchange handle(Throwable ex) {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/mall/products/1"));
		StepVerifier.create(this.handler.handle(exchange, ex)).expectComplete().verify(Duration.ofSeconds(5));
		return exchange;
	}

}
