package dev.gatewaykit.auth.login;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;

import io.netty.util.NetUtil;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.common.IdentityHeaders;

import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The client a login comes from, as the lockout counts it: the address the gateway
 * resolved and sent as {@value IdentityHeaders#CLIENT_ADDRESS}, or the TCP peer when the
 * header is absent (auth-service called directly, as in its own tests). The gateway
 * strips any client's copy of that header, and auth-service is reachable from the gateway
 * alone, so the header is the gateway's word.
 * <p>
 * Parsed as an IP literal without any resolver (a host name is never looked up: that
 * would be a DNS query on an event loop) and written in one canonical form, so that two
 * spellings of one address are one client. An IPv6 client counts per /64, the block one
 * subscriber is given: otherwise each of its 2^64 addresses would be a fresh client.
 */
final class ClientAddress {

	/** What a login whose client cannot be told counts as. */
	static final String UNKNOWN = "unknown";

	private static final int IPV6_NETWORK_BYTES = 8;

	private ClientAddress() {
	}

	static String of(ServerHttpRequest request) {
		String resolved = canonical(request.getHeaders().getFirst(IdentityHeaders.CLIENT_ADDRESS));
		if (resolved != null) {
			return resolved;
		}
		InetSocketAddress peer = request.getRemoteAddress();
		InetAddress address = (peer != null) ? peer.getAddress() : null;
		return (address != null) ? canonical(address.getAddress()) : UNKNOWN;
	}

	/** The canonical form of an IP literal; {@code null} if it is not one. */
	static @Nullable String canonical(@Nullable String literal) {
		if (literal == null || literal.isBlank()) {
			return null;
		}
		byte[] bytes = NetUtil.createByteArrayFromIpAddressString(literal.strip());
		return (bytes != null) ? canonical(bytes) : null;
	}

	private static String canonical(byte[] address) {
		if (address.length == 16) {
			byte[] network = Arrays.copyOf(address, 16);
			Arrays.fill(network, IPV6_NETWORK_BYTES, 16, (byte) 0);
			return NetUtil.bytesToIpAddress(network) + "/64";
		}
		return NetUtil.bytesToIpAddress(address);
	}

}
