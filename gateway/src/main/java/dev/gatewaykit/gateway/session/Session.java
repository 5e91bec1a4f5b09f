package dev.gatewaykit.gateway.session;

import java.time.Instant;
import java.util.List;

/**
 * A logged-in user's session as auth-service stores it under {@code kit:session:{token}}.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles
 * @param issuedAt epoch milliseconds of the login
 * @param expiresAt epoch milliseconds after which the session is refused, however recently it was used
 */
public record Session(String userId, String username, List<String> roles, long issuedAt, long expiresAt) {

	public Session {
		roles = (roles != null) ? List.copyOf(roles) : List.of();
	}

	public boolean isExpiredAt(Instant now) {
		return now.toEpochMilli() >= this.expiresAt;
	}

}
