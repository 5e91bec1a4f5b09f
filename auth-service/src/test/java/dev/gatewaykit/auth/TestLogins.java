package dev.gatewaykit.auth;

import java.time.Duration;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.auth.login.TokenResponse;
import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.SessionEndpoints;

import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Logins as the integration tests send them: JSON to {@code /oauth/token}, optionally
 * from a client address the way the gateway names it.
 */
public final class TestLogins {

	private TestLogins() {
	}

	/** A login from {@code client} ({@code null}: no header, the TCP peer counts). */
	public static WebTestClient.ResponseSpec login(WebTestClient client, String username, String password,
			@Nullable String clientAddress) {
		return client.mutate()
			.responseTimeout(Duration.ofSeconds(30))
			.build()
			.post()
			.uri(SessionEndpoints.LOGIN)
			.headers((headers) -> {
				if (clientAddress != null) {
					headers.set(IdentityHeaders.CLIENT_ADDRESS, clientAddress);
				}
			})
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", username, "password", password))
			.exchange();
	}

	/** Logs the demo user in and returns its bearer token. */
	public static String token(WebTestClient client, DemoUser user) {
		TokenResponse response = login(client, user.username(), user.password(), null).expectStatus()
			.isOk()
			.expectBody(TokenResponse.class)
			.returnResult()
			.getResponseBody();
		if (response == null) {
			throw new IllegalStateException("a login answered 200 without a body");
		}
		return response.accessToken();
	}

}
