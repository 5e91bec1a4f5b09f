package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;
import reactor.test.StepVerifier;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.client.HttpClientErrorException;

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
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5))).isEqualTo(
				"{\"status\":503,\"error\":\"overloaded\",\"message\":\"the gateway is at capacity; retry shortly\"}");
	}

	@Test
	void answersARateLimitWith429JsonAndTheSecondsUntilATokenIsBack() {
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.post("/api/auth/oauth/token"));
		// What SCG's Redis rate limiter put on the response: 0 of 60 tokens left, 1 a
		// second earned back.
		exchange.getResponse().getHeaders().set("X-RateLimit-Remaining", "0");
		exchange.getResponse().getHeaders().set("X-RateLimit-Requested-Tokens", "60");
		exchange.getResponse().getHeaders().set("X-RateLimit-Replenish-Rate", "1");
		StepVerifier
			.create(this.handler.handle(exchange, HttpClientErrorException.create(HttpStatus.TOO_MANY_REQUESTS,
					"Too Many Requests", HttpHeaders.EMPTY, null, null)))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
		assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("60");
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5)))
			.contains("\"error\":\"too_many_requests\"");
	}

	private MockServerWebExchange handle(Throwable ex) {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/mall/products/1"));
		StepVerifier.create(this.handler.handle(exchange, ex)).expectComplete().verify(Duration.ofSeconds(5));
		return exchange;
	}

}
