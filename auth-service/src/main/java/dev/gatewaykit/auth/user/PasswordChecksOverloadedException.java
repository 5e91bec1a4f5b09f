package dev.gatewaykit.auth.user;

/**
 * A password check found no slot: every one of {@code kit.auth.password-checks} is busy
 * and its queue is full, or it waited longer than the acquire timeout. Answered 503
 * {@code overloaded} with {@code Retry-After}: the client may retry, nothing is wrong
 * with its request.
 */
public class PasswordChecksOverloadedException extends RuntimeException {

	public PasswordChecksOverloadedException(String message) {
		super(message, null, false, false);
	}

}
