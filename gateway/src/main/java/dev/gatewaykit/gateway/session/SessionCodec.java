package dev.gatewaykit.gateway.session;

import java.util.Optional;

import dev.gatewaykit.common.session.Session;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the session JSON auth-service writes to Redis, the same way in every execution
 * mode, so that they all accept and refuse the very same values.
 */
public final class SessionCodec {

	private final JsonMapper json;

	public SessionCodec(JsonMapper json) {
		this.json = json;
	}

	/**
	 * Parses a session; a value auth-service could not have written counts as no session
	 * at all.
	 */
	public Optional<Session> parse(String value) {
		try {
			return Optional.of(this.json.readValue(value, Session.class));
		}
		catch (JacksonException ex) {
			return Optional.empty();
		}
	}

}
