package dev.gatewaykit.auth.login;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import dev.gatewaykit.common.ClientKeys;
import dev.gatewaykit.common.IdentityHeaders;

import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The client a login comes from, as the lockout counts it: the address the gateway
 * resolved and sent as {@value IdentityHeaders#CLIENT_ADDRESS}, or the TCP peer when the
 * header is absent (auth-service called directly, as in its own tests). The gateway
 * strips any client's copy of that header, and auth-service is reachable from the gateway
 * alone, so the header is the gateway's word.
 * <p>
 * Read and written by {@link ClientKeys}, as the gateway writes it: an IP literal or an
 * IPv6 /64 in one spelling, never looked up as a name.
 */
final class ClientAddress {

	/** What a login whose client cannot be told counts as. */
	static final String UNKNOWN = "unknown";

	private ClientAddress() {
	}

	static String of(ServerHttpRequest request) {
		String resolved = ClientKeys.canonical(request.getHeaders().getFirst(IdentityHeaders.CLIENT_ADDRESS));
		if (resolved != null) {
			return resolved;
		}
		InetSocketAddress peer = request.getRemoteAddress();
		InetAddress address = (peer != null) ? peer.getAddress() : null;
		return (address != null) ? ClientKeys.of(address.getAddress()) : UNKNOWN;
	}

}
