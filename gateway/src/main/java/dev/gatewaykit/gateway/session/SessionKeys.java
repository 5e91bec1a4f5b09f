package dev.gatewaykit.gateway.session;

/** The Redis key layout shared with auth-service (see docs/design.md). */
public final class SessionKeys {

	private static final String PREFIX = "kit:session:";

	private SessionKeys() {
	}

	public static String of(String token) {
		return PREFIX + token;
	}

}
