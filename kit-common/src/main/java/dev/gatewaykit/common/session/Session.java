package dev.gatewaykit.common.session;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A login session: auth-service writes it as JSON under {@link SessionKeys#of(String)
 * kit:session:{token}} and the gateway reads it on every request. The JSON is the
 * record's components in this order, so renaming or reordering one changes the bytes both
 * sides agree on.
 *
 * @param userId the user's id
 * @param username the user's login name
 * @param roles the user's roles, without a {@code ROLE_} prefix
 * @param issuedAt when the session was created, in epoch milliseconds
 * @param expiresAt the absolute end of the session, in epoch milliseconds, however
 * recently it was used
 */
public record Session(String userId, String username, List<String> roles, long issuedAt, long expiresAt) {

	public Session {
		// A value parsed from Redis may lack a field: refusing it here makes it count as
		// no session at all.
		Objects.requireNonNull(userId, "userId");
		Objects.requireNonNull(username, "username");
		// Jackson passes null for a missing array; a session without roles is still a
		// session.
		roles = (roles != null) ? List.copyOf(roles) : List.of();
	}

	/** Whether the session has reached its maximum lifetime at {@code now}. */
	public boolean isExpiredAt(Instant now) {
		return now.toEpochMilli() >= this.expiresAt;
	}

}
