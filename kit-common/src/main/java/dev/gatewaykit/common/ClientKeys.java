package dev.gatewaykit.common;

import io.netty.util.NetUtil;
import org.jspecify.annotations.Nullable;

/**
 * The one way the kit names a client by its address, shared by the gateway (which keys
 * its login rate limit by it and sends it to auth-service as
 * {@link IdentityHeaders#CLIENT_ADDRESS}) and auth-service (which keys its lockout by
 * it): an IPv4 address (or an IPv4-mapped IPv6 one) as itself, an IPv6 address as its
 * /64, the block one subscriber is given (otherwise each of its 2^64 addresses would be a
 * fresh client). Both sides must agree to the letter, or auth-service would not recognise
 * the key the gateway sends.
 * <p>
 * Addresses are parsed as IP literals by Netty, which never resolves: a host name is not
 * an address here, and looking one up would be a DNS query, on an event loop, for a name
 * a client wrote.
 */
public final class ClientKeys {

	private static final String IPV6_NETWORK = "/64";

	private ClientKeys() {
	}

	/**
	 * The bytes of an IP literal ({@code 192.0.2.1}, {@code 2001:db8::1},
	 * {@code [2001:db8::1]}); null for anything else, host names and scoped addresses
	 * included.
	 */
	public static byte @Nullable [] parse(String literal) {
		String text = literal.strip();
		if (text.length() > 2 && text.charAt(0) == '[' && text.charAt(text.length() - 1) == ']') {
			text = text.substring(1, text.length() - 1);
		}
		if (text.isEmpty() || text.indexOf('%') >= 0) {
			// A scope id names an interface of the sender's machine, not an address.
			return null;
		}
		return NetUtil.createByteArrayFromIpAddressString(text);
	}

	/** The key of an address. */
	public static String of(byte[] address) {
		if (address.length == 4) {
			return NetUtil.bytesToIpAddress(address);
		}
		if (isIpv4Mapped(address)) {
			return NetUtil.bytesToIpAddress(address, 12, 4);
		}
		byte[] network = new byte[16];
		System.arraycopy(address, 0, network, 0, 8);
		return NetUtil.bytesToIpAddress(network) + IPV6_NETWORK;
	}

	/**
	 * The key that {@code text} names, in its one spelling: an IP literal, or a key as
	 * {@link #of} writes it ({@code 2001:db8::/64}); null for anything else.
	 */
	public static @Nullable String canonical(@Nullable String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		String literal = text.strip();
		boolean network = literal.endsWith(IPV6_NETWORK);
		byte[] address = parse(network ? literal.substring(0, literal.length() - IPV6_NETWORK.length()) : literal);
		if (address == null || (network && address.length != 16)) {
			return null;
		}
		return of(address);
	}

	private static boolean isIpv4Mapped(byte[] address) {
		for (int i = 0; i < 10; i++) {
			if (address[i] != 0) {
				return false;
			}
		}
		return address[10] == (byte) 0xff && address[11] == (byte) 0xff;
	}

}
