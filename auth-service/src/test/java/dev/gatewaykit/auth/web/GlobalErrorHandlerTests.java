package dev.gatewaykit.auth.web;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.auth.user.PasswordChecksOverloadedException;

import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class GlobalErrorHandlerTests {

	private final GlobalErrorHandler handler = new GlobalErrorHandler(new ApiErrorWriter(JsonMapper.builder().build()));

	@Test
	void answersRedisFailureWith503() {
		assertAnswer(new RedisConnectionFailureException("Unable to connect to Redis"), HttpStatus.SERVICE_UNAVAILABLE,
				"""
						{"status":503,"error":"service_unavailable","message":"the service cannot answer right now; retry later"}""");
	}

	@Test
	void answersTimeoutWith503() {
		assertAnswer(new TimeoutException("Did not observe any item within 2000ms"), HttpStatus.SERVICE_UNAVAILABLE,
				"""
						{"status":503,"error":"service_unavailable","message":"the service cannot answer right now; retry later"}""");
	}

	@Test
	void answersFullHashingQueueWith503() {
		assertAnswer(new RejectedExecutionException("Task capacity of bounded elastic scheduler reached"),
				HttpStatus.SERVICE_UNAVAILABLE,
				"""
						{"status":503,"error":"service_unavailable","message":"the service cannot answer right now; retry later"}""");
	}

	@Test
	void answersOverloadedPasswordChecksWith503OverloadedAndRetryAfter() {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.post("/oauth/token"));
		Exception overloaded = new PasswordChecksOverloadedException("the password check queue is full");

		StepVerifier.create(this.handler.handle(exchange, overloaded)).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.assertNext((body) -> assertThat(body).contains("\"error\":\"overloaded\""))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void answersInvalidRequestWith400AndItsMessage() {
		assertAnswer(new InvalidRequestException("username is required"), HttpStatus.BAD_REQUEST, """
				{"status":400,"error":"invalid_request","message":"username is required"}""");
	}

	@Test
	void answersBugWith500WithoutItsDetails() {
		assertAnswer(new NullPointerException("secret internal detail"), HttpStatus.INTERNAL_SERVER_ERROR, """
				{"status":500,"error":"internal_error","message":"the service failed to answer; see its log"}""");
	}

	private void assertAnswer(Throwable ex, HttpStatus status, String body) {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.post("/oauth/token"));

		StepVerifier.create(this.handler.handle(exchange, ex)).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(status);
		assertThat(exchange.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.expectNext(body)
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

}
