package dev.gatewaykit.auth.session;

import java.util.List;

/**
 * A login session as the gateway reads it from {@code kit:session:{token}}.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles
 * @param issuedAt when the session was created, in epoch milliseconds
 * @param expiresAt the absolute end of the session, in epoch milliseconds, however active it is
 */
public record Session(String userId, String username, List<String> roles, long issuedAt, long expiresAt) {

	public Session {
		roles = List.copyOf(roles);
	}

}
