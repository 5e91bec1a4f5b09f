package dev.gatewaykit.auth.login;

import java.time.Duration;

/**
 * What a login attempt came to.
 */
public sealed interface LoginOutcome {

	/** The password matched: a session was stored under {@code accessToken}. */
	record Authenticated(String accessToken, Duration expiresIn) implements LoginOutcome {
	}

	/** Unknown user or wrong password; deliberately the same answer for both. */
	record Rejected() implements LoginOutcome {
	}

	/**
	 * This user name is locked for this client for {@code retryAfter}, whatever the
	 * password.
	 */
	record Locked(Duration retryAfter) implements LoginOutcome {
	}

	/**
	 * Every password check this user name has left from this client is running; retry
	 * after {@code retryAfter}. Nothing has failed, so this is no lock.
	 */
	record Busy(Duration retryAfter) implements LoginOutcome {
	}

}
