package dev.gatewaykit.common.session;

/**
 * The Redis key layout of login sessions: one string key per session token,
 * {@code kit:session:{token}}, whose TTL is the idle timeout (auth-service sets it, the
 * gateway slides it on every request).
 */
public final class SessionKeys {

	/** What every session key starts with. */
	public static final String PREFIX = "kit:session:";

	private SessionKeys() {
	}

	/** The key of the session with this token. */
	public static String of(String token) {
		return PREFIX + token;
	}

}
