package dev.gatewaykit.gateway.session;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gatewaykit.gateway.config.GatewayKitProperties;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wire formats of both dependency calls, shared by every execution mode so that they parse and write the very
 * same bytes: the session JSON in Redis, and the relay call's request and response bodies.
 */
public final class IdentityCodec {

	private final JsonMapper json;

	private final String basicAuthorization;

	public IdentityCodec(JsonMapper json, GatewayKitProperties.AuthService authService) {
		this.json = json;
		String credentials = authService.clientId() + ":" + authService.clientSecret();
		this.basicAuthorization = "Basic "
				+ Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
	}

	/** Parses a session; a value auth-service could not have written counts as no session at all. */
	public Session parseSession(String value) {
		try {
			Session session = this.json.readValue(value, Session.class);
			return (session.userId() != null && session.username() != null) ? session : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	public byte[] relayRequestBody(Session session) {
		return this.json.writeValueAsBytes(new RelayRequest(session.userId(), session.username(), session.roles()));
	}

	/** Reads the relay token out of auth-service's answer, refusing an answer without one. */
	public String relayToken(byte[] body) {
		RelayResponse response = (body.length > 0) ? this.json.readValue(body, RelayResponse.class) : null;
		if (response == null || response.relayToken() == null || response.relayToken().isBlank()) {
			throw new IllegalStateException("auth-service answered without a relay_token");
		}
		return response.relayToken();
	}

	/** The {@code Authorization} header value with the gateway's client credentials. */
	public String basicAuthorization() {
		return this.basicAuthorization;
	}

	record RelayRequest(String userId, String username, List<String> roles) {
	}

	record RelayResponse(@JsonProperty("relay_token") String relayToken, @JsonProperty("expires_in") long expiresIn) {
	}

}
