package dev.gatewaykit.gateway.filter;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * Keys a rate limit by the client's address as the proxies in front of the gateway saw
 * it: starting from the peer of the connection, each hop that is a trusted proxy is
 * replaced by the address it put last in {@code X-Forwarded-For} (nginx's
 * {@code $proxy_add_x_forwarded_for} appends the address it was connected from). The
 * first untrusted address is the client. A request that did not come through a trusted
 * proxy is keyed by its peer, whatever its {@code X-Forwarded-For} says: otherwise a
 * client could name a fresh address in every request and never run out of tokens.
 */
public final class ClientAddressKeyResolver implements KeyResolver {

	private static final String X_FORWARDED_FOR = "X-Forwarded-For";

	private final List<IpSubnetFilterRule> trustedProxies;

	/**
	 * @param trustedProxies addresses ({@code 127.0.0.1}) or CIDR ranges
	 * ({@code 10.0.0.0/8}) of the proxies whose {@code X-Forwarded-For} is believed
	 */
	public ClientAddressKeyResolver(List<String> trustedProxies) {
		this.trustedProxies = trustedProxies.stream().map(ClientAddressKeyResolver::rule).toList();
	}

	private static IpSubnetFilterRule rule(String proxy) {
		int slash = proxy.indexOf('/');
		String address = (slash >= 0) ? proxy.substring(0, slash) : proxy;
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
		InetSocketAddress peer = exchange.getRequest().getRemoteAddress();
		String client = clientAddress((peer != null) ? peer.getAddress() : null,
				exchange.getRequest().getHeaders().getValuesAsList(X_FORWARDED_FOR));
		return Mono.just(client);
	}

	String clientAddress(@Nullable InetAddress peer, List<String> forwardedFor) {
		if (peer == null) {
			return "unknown";
		}
		InetAddress current = peer;
		for (int i = forwardedFor.size() - 1; i >= 0 && trusted(current); i--) {
			InetAddress hop = parse(forwardedFor.get(i).strip());
			if (hop == null) {
				// Not an address: a proxy of ours never writes that, so the client did.
				break;
			}
			current = hop;
		}
		return current.getHostAddress();
	}

	private boolean trusted(InetAddress address) {
		InetSocketAddress socket = new InetSocketAddress(address, 0);
		return this.trustedProxies.stream().anyMatch((rule) -> rule.matches(socket));
	}

	/**
	 * An IP literal, or null: {@code InetAddress.getByName} on anything else would make a
	 * DNS query for a name the client chose.
	 */
	private static @Nullable InetAddress parse(String text) {
		String literal = (text.startsWith("[") && text.endsWith("]")) ? text.substring(1, text.length() - 1) : text;
		if (literal.isEmpty()
				|| !literal.chars().allMatch((c) -> Character.digit(c, 16) >= 0 || c == '.' || c == ':')) {
			return null;
		}
		try {
			return InetAddress.getByName(literal);
		}
		catch (java.net.UnknownHostException ex) {
			return null;
		}
	}

}
