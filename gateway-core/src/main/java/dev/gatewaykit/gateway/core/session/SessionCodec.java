package dev.gatewaykit.gateway.core.session;

import java.util.Optional;

import dev.gatewaykit.common.session.Session;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the session JSON auth-service writes to Redis, the same way in every execution
 * mode, so that they all accept and refuse the very same values.
 */
public final class SessionCodec {

	/**
	 * Bound to {@link Session} once: {@code JsonMapper.readValue(String, Class)} builds a
	 * reader and looks up the root deserializer on every call, and this runs once per
	 * request.
	 */
	private final ObjectReader reader;

	public SessionCodec(JsonMapper json) {
		this.reader = json.readerFor(Session.class);
	}

	/**
	 * Parses a session; a value auth-service could not have written — not JSON, JSON
	 * {@code null}, another type, a session without a user — counts as no session at all:
	 * the client gets 401, and the session store, which answered, has not failed.
	 */
	public Optional<Session> parse(String value) {
		try {
			// readValue gives null for the JSON literal null.
			return Optional.ofNullable(this.reader.readValue(value));
		}
		catch (JacksonException ex) {
			return Optional.empty();
		}
	}

}
