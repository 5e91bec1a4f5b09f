package dev.gatewaykit.gateway.core.auth;

import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * What the authentication and relay filters of both gateways decide without a dependency:
 * the bearer token a request presents, and the words each refusal says. Every refusal
 * here is 401 with {@code WWW-Authenticate: Bearer} and the kit's JSON body.
 */
public final class BearerAuthentication {

	/**
	 * No {@code Authorization: Bearer} header, or one that cannot hold a token of ours.
	 */
	public static final String MISSING_TOKEN = "bearer token is missing or malformed; send 'Authorization: Bearer <token>'";

	/** Redis holds no session for the token (or a value that is not one). */
	public static final String UNKNOWN_TOKEN = "token is unknown or has expired; log in again";

	/** The session is past its absolute lifetime, even though its key still exists. */
	public static final String SESSION_EXPIRED = "session has reached its maximum lifetime; log in again";

	/** The session ended while the request was under way (auth-service had none). */
	public static final String SESSION_ENDED = "session has ended; log in again";

	/**
	 * A route that needs a session reached without one: only a route misconfigured as
	 * public gets here, and it is refused rather than forwarded anonymously.
	 */
	public static final String ROUTE_NEEDS_SESSION = "this route needs an authenticated session";

	/** The value of {@code WWW-Authenticate} on every 401. */
	public static final String CHALLENGE = "Bearer";

	private static final String BEARER = "Bearer ";

	private BearerAuthentication() {
	}

	/**
	 * The token of a well-formed {@code Authorization: Bearer} header; empty for anything
	 * else.
	 */
	public static Optional<String> bearerToken(@Nullable String authorization) {
		if (authorization == null || authorization.length() <= BEARER.length()
				|| !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			return Optional.empty();
		}
		String token = authorization.substring(BEARER.length()).trim();
		// Tokens are base64url; anything else cannot be ours and must not reach a Redis
		// key.
		for (int i = 0; i < token.length(); i++) {
			char c = token.charAt(i);
			if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_') || c > 0x7f) {
				return Optional.empty();
			}
		}
		return (token.isEmpty() || token.length() > 256) ? Optional.empty() : Optional.of(token);
	}

}
