package dev.gatewaykit.common;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The client's address as a gateway believes it, the key of the login rate limit and the
 * address auth-service keys its lockout by; one rule for both gateways (WebFlux and MVC).
 * Exactly one hop is believed: when the peer of the connection is a trusted proxy
 * (nginx), the client is the <em>last</em> {@code X-Forwarded-For} entry, the one that
 * proxy wrote, and nothing before it; otherwise the client is the peer, whatever its
 * {@code X-Forwarded-For} says. Entries further left were written by whoever connected to
 * the proxy, so a gateway walking back through them lets a client name a fresh address,
 * and get a fresh bucket, in every request. The proxy is expected to overwrite the header
 * with the address it saw (nginx: {@code proxy_set_header X-Forwarded-For $remote_addr}).
 * <p>
 * Entries are read as IP literals only ({@link ClientKeys#parse}), without any resolver:
 * a name in the header would otherwise become a DNS query for a name the client chose.
 * Keys are {@link ClientKeys#of}'s: IPv6 clients by their /64.
 */
public final class ClientAddresses {

	/** The key of a request whose peer is unknown (not a TCP connection). */
	public static final String UNKNOWN = "unknown";

	private final List<Network> trustedProxies;

	/**
	 * @param trustedProxies addresses ({@code 127.0.0.1}) or CIDR ranges
	 * ({@code 10.0.0.0/8}) of the proxies whose last {@code X-Forwarded-For} entry is
	 * believed
	 */
	public ClientAddresses(List<String> trustedProxies) {
		this.trustedProxies = trustedProxies.stream().map(Network::parse).toList();
	}

	/**
	 * The client's key for a request from {@code peer} carrying these
	 * {@code X-Forwarded-For} values (each header line as sent, in order).
	 */
	public String clientKey(@Nullable InetAddress peer, List<String> forwardedFor) {
		if (peer == null) {
			return UNKNOWN;
		}
		byte[] client = null;
		if (!forwardedFor.isEmpty() && trusted(peer.getAddress())) {
			// A malformed entry from a trusted proxy keys the request by the proxy: one
			// bucket shared by everyone behind it limits more, never less.
			String last = forwardedFor.get(forwardedFor.size() - 1);
			client = ClientKeys.parse(last.substring(last.lastIndexOf(',') + 1));
		}
		return ClientKeys.of((client != null) ? client : peer.getAddress());
	}

	private boolean trusted(byte[] peer) {
		return this.trustedProxies.stream().anyMatch((network) -> network.contains(peer));
	}

	/** An address and the number of its leading bits that must match. */
	private record Network(byte[] address, int prefix) {

		static Network parse(String proxy) {
			int slash = proxy.indexOf('/');
			byte[] address = ClientKeys.parse((slash >= 0) ? proxy.substring(0, slash) : proxy);
			if (address == null) {
				throw new IllegalArgumentException("trusted proxy '" + proxy + "' is not an IP address or CIDR range");
			}
			int bits = address.length * 8;
			int prefix;
			try {
				prefix = (slash >= 0) ? Integer.parseInt(proxy.substring(slash + 1)) : bits;
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("trusted proxy '" + proxy + "' has no prefix length after '/'");
			}
			if (prefix < 0 || prefix > bits) {
				throw new IllegalArgumentException(
						"trusted proxy '" + proxy + "': a prefix length between 0 and " + bits + " is needed");
			}
			return new Network(address, prefix);
		}

		boolean contains(byte[] peer) {
			byte[] candidate = peer;
			if (candidate.length != this.address.length) {
				candidate = ipv4Of(peer);
				if (candidate == null || candidate.length != this.address.length) {
					return false;
				}
			}
			int whole = this.prefix / 8;
			if (!Arrays.equals(candidate, 0, whole, this.address, 0, whole)) {
				return false;
			}
			int rest = this.prefix % 8;
			if (rest == 0) {
				return true;
			}
			int mask = (0xff << (8 - rest)) & 0xff;
			return (candidate[whole] & mask) == (this.address[whole] & mask);
		}

		/**
		 * The IPv4 address inside an IPv4-mapped IPv6 one (a dual-stack socket's peer).
		 */
		private static byte @Nullable [] ipv4Of(byte[] address) {
			if (address.length != 16) {
				return null;
			}
			for (int i = 0; i < 10; i++) {
				if (address[i] != 0) {
					return null;
				}
			}
			if (address[10] != (byte) 0xff || address[11] != (byte) 0xff) {
				return null;
			}
			return Arrays.copyOfRange(address, 12, 16);
		}

	}

}
