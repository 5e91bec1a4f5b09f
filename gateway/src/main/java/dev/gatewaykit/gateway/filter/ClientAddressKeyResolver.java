package dev.gatewaykit.gateway.filter;

import java.net.InetSocketAddress;
import java.util.List;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.web.server.ServerWebExchange;

import dev.gatewaykit.common.ClientKeys;

/**
 * The client's address as the gateway believes it, the key of the login rate limit and
 * the address auth-service keys its lockout by. Exactly one hop is believed: when the
 * peer of the connection is a trusted proxy (nginx), the client is the <em>last</em>
 * {@code X-Forwarded-For} entry, the one that proxy wrote, and nothing before it;
 * otherwise the client is the peer, whatever its {@code X-Forwarded-For} says. Entries
 * further left were written by whoever connected to the proxy, so a gateway walking back
 * through them lets a client name a fresh address, and get a fresh bucket, in every
 * request. The proxy is expected to overwrite the header with the address it saw (nginx:
 * {@code proxy_set_header X-Forwarded-For $remote_addr}).
 * <p>
 * Entries are read as IP literals only, without any resolver: a name in the header would
 * otherwise become a DNS query, made on an event loop, for a name the client chose.
 * <p>
 * IPv4 clients are keyed by their address, IPv6 clients by their /64
 * ({@code 2001:db8::/64}): one subscriber usually holds a whole /64 and can use a new
 * address from it for every request.
 */
public final class ClientAddressKeyResolver implements KeyResolver {

	/** The key of a request whose peer is unknown (not a TCP connection). */
	static final String UNKNOWN = "unknown";

	private static final String X_FORWARDED_FOR = "X-Forwarded-For";

	/**
	 * Exchange attribute caching the resolved key: the rate limiter and the header for
	 * auth-service ask for it on the same request.
	 */
	private static final String ATTRIBUTE = ClientAddressKeyResolver.class.getName() + ".key";

	private final List<IpSubnetFilterRule> trustedProxies;

	/**
	 * @param trustedProxies addresses ({@code 127.0.0.1}) or CIDR ranges
	 * ({@code 10.0.0.0/8}) of the proxies whose last {@code X-Forwarded-For} entry is
	 * believed
	 */
	public ClientAddressKeyResolver(List<String> trustedProxies) {
		this.trustedProxies = trustedProxies.stream().map(ClientAddressKeyResolver::rule).toList();
	}

	private static IpSubnetFilterRule rule(String proxy) {
		int slash = proxy.indexOf('/');
		String address = (slash >= 0) ? proxy.substring(0, slash) : proxy;
		if (NetUtil.createByteArrayFromIpAddressString(address) == null) {
			throw new IllegalArgumentException("trusted proxy '" + proxy + "' is not an IP address or CIDR range");
		}
		int prefix;
		if (slash >= 0) {
			prefix = Integer.parseInt(proxy.substring(slash + 1));
		}
		else {
			prefix = address.contains(":") ? 128 : 32;
		}
		return new IpSubnetFilterRule(address, prefix, IpFilterRuleType.ACCEPT);
	}

	@Override
	public Mono<String> resolve(ServerWebExchange exchange) {
		return Mono.just(clientKey(exchange));
	}

	/** The client's key for this request, resolved once per exchange. */
	public String clientKey(ServerWebExchange exchange) {
		String key = exchange.getAttribute(ATTRIBUTE);
		if (key == null) {
			key = clientKey(exchange.getRequest().getRemoteAddress(),
					exchange.getRequest().getHeaders().getValuesAsList(X_FORWARDED_FOR));
			exchange.getAttributes().put(ATTRIBUTE, key);
		}
		return key;
	}

	String clientKey(@Nullable InetSocketAddress peer, List<String> forwardedFor) {
		if (peer == null || peer.getAddress() == null) {
			return UNKNOWN;
		}
		byte[] client = null;
		if (!forwardedFor.isEmpty() && trusted(peer)) {
			// A malformed entry from a trusted proxy keys the request by the proxy: one
			// bucket shared by everyone behind it limits more, never less.
			client = ClientKeys.parse(forwardedFor.get(forwardedFor.size() - 1));
		}
		return ClientKeys.of((client != null) ? client : peer.getAddress().getAddress());
	}

	private boolean trusted(InetSocketAddress peer) {
		for (IpSubnetFilterRule rule : this.trustedProxies) {
			if (rule.matches(peer)) {
				return true;
			}
		}
		return false;
	}

}
