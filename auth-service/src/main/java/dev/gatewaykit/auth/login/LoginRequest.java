package dev.gatewaykit.auth.login;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.auth.web.InvalidRequestException;

/**
 * The credentials posted to {@code /oauth/token}, as JSON or as a form. Either may be
 * missing from what the client sent; {@link #validated()} refuses that.
 *
 * @param username the login name
 * @param password the password
 */
public record LoginRequest(@Nullable String username, @Nullable String password) {

	/** Longer names are no one's, and would only make long Redis keys. */
	static final int MAX_USERNAME_LENGTH = 128;

	/** Refuses a request with a missing or blank field. */
	LoginRequest validated() {
		if (this.username == null || this.username.isBlank()) {
			throw new InvalidRequestException("username is required");
		}
		if (this.password == null || this.password.isEmpty()) {
			throw new InvalidRequestException("password is required");
		}
		if (this.username.length() > MAX_USERNAME_LENGTH) {
			throw new InvalidRequestException("username is longer than " + MAX_USERNAME_LENGTH + " characters");
		}
		return this;
	}

	@Override
	public String toString() {
		return "LoginRequest[username=" + this.username + ", password=***]";
	}

}
