package dev.gatewaykit.common;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a relay token says: who the user is, when the token was signed and until when it
 * may be used.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles, without a {@code ROLE_} prefix
 * @param issuedAt when auth-service signed the token
 * @param expiresAt the instant after which the token is refused
 */
public record RelayClaims(String userId, String username, List<String> roles, Instant issuedAt, Instant expiresAt) {

	public RelayClaims {
		Objects.requireNonNull(userId, "userId");
		Objects.requireNonNull(username, "username");
		roles = List.copyOf(roles);
		Objects.requireNonNull(issuedAt, "issuedAt");
		Objects.requireNonNull(expiresAt, "expiresAt");
	}

}
