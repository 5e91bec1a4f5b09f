package dev.gatewaykit.common;

import java.util.List;

/**
 * Names of the headers the gateway sets on a proxied request to say who the caller is.
 * <p>
 * The gateway always strips every one of these from the client's request before it sets
 * its own, so a client can never spoof them; mall-api trusts only {@link #RELAY_TOKEN},
 * whose signature it checks.
 */
public final class IdentityHeaders {

	/**
	 * The authenticated user's id, for logging and convenience; never trusted on its own
	 * downstream.
	 */
	public static final String USER_ID = "X-Kit-User-Id";

	/** The authenticated user's name. */
	public static final String USER_NAME = "X-Kit-User-Name";

	/**
	 * The signed relay token fetched from auth-service (the token the original incident's
	 * filter fetched).
	 */
	public static final String RELAY_TOKEN = "X-Kit-Relay-Token";

	/**
	 * The client's address as the gateway resolved it (the one hop it trusts, nginx, said
	 * so), set on the routes to auth-service's session endpoints: auth-service keys its
	 * login lockout by user and client. Set only by the gateway; auth-service must be
	 * reachable from the gateway alone.
	 */
	public static final String CLIENT_ADDRESS = "X-Kit-Client-Address";

	/** Every identity header, in the order the gateway strips them. */
	public static final List<String> ALL = List.of(USER_ID, USER_NAME, RELAY_TOKEN, CLIENT_ADDRESS);

	private IdentityHeaders() {
	}

}
