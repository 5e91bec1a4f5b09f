package dev.gatewaykit.gateway.web;

import java.time.Duration;

import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.test.StepVerifier;

import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorResponsesTests {

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void failsClosedWith503ForTheSessionStoreAnd502ForAuthService(boolean sessionStore) {
		IdentityUnavailableException ex = sessionStore
				? IdentityUnavailableException.sessionStore(new RuntimeException("connection refused"))
				: IdentityUnavailableException
					.authService(new RuntimeException("Connection refused: toxiproxy/172.18.0.5:18081"));
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/mall/products/1"));

		StepVerifier.create(ErrorResponses.identityUnavailable(exchange, ex))
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode())
			.isEqualTo(sessionStore ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY);
		// No detail of the failure (a host, a port, an exception's message), the request
		// id
		// instead, in the body and a header.
		String id = exchange.getRequest().getId();
		String expected = sessionStore ? "{\"status\":503,\"error\":\"session_store_unavailable\","
				+ "\"message\":\"the session store did not answer in time; try again later (request id " + id + ")\"}"
				: "{\"status\":502,\"error\":\"auth_service_unavailable\","
						+ "\"message\":\"auth-service did not issue a relay token; try again later (request id " + id
						+ ")\"}";
		assertThat(exchange.getResponse().getHeaders().getFirst(ErrorResponses.REQUEST_ID_HEADER)).isEqualTo(id);
		StepVerifier.create(exchange.getResponse().getBodyAsString())
			.expectNext(expected)
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

}
