package dev.gatewaykit.common.session;

/**
 * auth-service's session endpoints, and where the gateway routes them. The gateway routes
 * exactly these three, each {@code POST} only, under {@link #GATEWAY_PREFIX}; nothing
 * else of auth-service is reachable from outside.
 */
public final class SessionEndpoints {

	/** Where the gateway routes auth-service's public endpoints. */
	public static final String GATEWAY_PREFIX = "/api/auth";

	/**
	 * Login: {@code POST} a JSON {@code {"username":"..","password":".."}}, answered with
	 * a bearer token.
	 */
	public static final String LOGIN = "/oauth/token";

	/**
	 * Logout: {@code POST} with {@code Authorization: Bearer <token>}; that session is
	 * deleted (204), whoever else holds it.
	 */
	public static final String REVOKE = "/oauth/revoke";

	/**
	 * Logout everywhere: {@code POST} with {@code Authorization: Bearer <token>}; every
	 * session of that token's user is deleted (204).
	 */
	public static final String REVOKE_ALL = "/oauth/revoke-all";

	/** The three public paths as the gateway serves them. */
	public static String viaGateway(String path) {
		return GATEWAY_PREFIX + path;
	}

	private SessionEndpoints() {
	}

}
