package dev.gatewaykit.auth.login;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A successful login's answer, in OAuth 2.0's token response shape.
 *
 * @param accessToken the opaque session token
 * @param tokenType always {@code Bearer}
 * @param expiresIn seconds the session lives without use
 */
public record TokenResponse(@JsonProperty("access_token") String accessToken,
		@JsonProperty("token_type") String tokenType, @JsonProperty("expires_in") long expiresIn) {

	static TokenResponse bearer(String accessToken, long expiresIn) {
		return new TokenResponse(accessToken, "Bearer", expiresIn);
	}

}
