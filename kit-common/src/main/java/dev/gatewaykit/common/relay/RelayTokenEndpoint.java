package dev.gatewaykit.common.relay;

/**
 * auth-service's relay-token endpoint as the gateway calls it: {@code POST} to
 * {@link #PATH} with the gateway's client credentials in HTTP Basic, a
 * {@link RelayTokenRequest} as the JSON body, and a {@link RelayTokenResponse} as the
 * answer.
 */
public final class RelayTokenEndpoint {

	/** The endpoint's path on auth-service. */
	public static final String PATH = "/oauth/relay-token";

	private RelayTokenEndpoint() {
	}

}
