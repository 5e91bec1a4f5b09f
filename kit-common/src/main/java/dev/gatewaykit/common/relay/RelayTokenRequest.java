package dev.gatewaykit.common.relay;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.common.session.SessionKeys;

/**
 * Which session the gateway wants a relay token for: the one it has just checked, named
 * by its {@link SessionKeys#reference reference}. Sent as {@code {"session":".."}}.
 * <p>
 * auth-service loads that session from Redis and signs the identity stored there, never
 * one the caller names: the gateway's client secret is then worth the relay tokens of
 * sessions whose references it knows, not "any user, any roles".
 * <p>
 * The component is nullable because auth-service reads it from a request body it cannot
 * trust; {@link #problems()} says what is wrong with it.
 *
 * @param session the session's reference
 */
public record RelayTokenRequest(@Nullable String session) {

	/**
	 * What is wrong with the request, empty for one a token can be looked up for. Checked
	 * by hand rather than with Bean Validation: the endpoint is called once per proxied
	 * request, and one check is all it needs.
	 */
	public List<String> problems() {
		if (this.session == null || this.session.isBlank()) {
			return List.of("session is missing");
		}
		if (!SessionKeys.isReference(this.session)) {
			return List.of("session is not a session reference (43 base64url characters)");
		}
		return List.of();
	}

}
