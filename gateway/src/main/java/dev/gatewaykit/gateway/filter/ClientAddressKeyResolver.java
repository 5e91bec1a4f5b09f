package dev.gatewaykit.gateway.filter;

import java.net.InetSocketAddress;
import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.web.server.ServerWebExchange;

import dev.gatewaykit.common.ClientAddresses;

/**
 * The login rate limit's key: the client's address as {@link ClientAddresses} believes it
 * (exactly one hop behind a trusted proxy, IPv6 clients by their /64), resolved once per
 * exchange.
 */
public final class ClientAddressKeyResolver implements KeyResolver {

	private static final String X_FORWARDED_FOR = "X-Forwarded-For";

	/**
	 * Exchange attribute caching the resolved key: the rate limiter and the header for
	 * auth-service ask for it on the same request.
	 */
	private static final String ATTRIBUTE = ClientAddressKeyResolver.class.getName() + ".key";

	private final ClientAddresses addresses;

	/**
	 * @param trustedProxies addresses ({@code 127.0.0.1}) or CIDR ranges
	 * ({@code 10.0.0.0/8}) of the proxies whose last {@code X-Forwarded-For} entry is
	 * believed
	 */
	public ClientAddressKeyResolver(List<String> trustedProxies) {
		this.addresses = new ClientAddresses(trustedProxies);
	}

	@Override
	public Mono<String> resolve(ServerWebExchange exchange) {
		return Mono.just(clientKey(exchange));
	}

	/** The client's key for this request, resolved once per exchange. */
	public String clientKey(ServerWebExchange exchange) {
		String key = exchange.getAttribute(ATTRIBUTE);
		if (key == null) {
			InetSocketAddress peer = exchange.getRequest().getRemoteAddress();
			key = this.addresses.clientKey((peer != null) ? peer.getAddress() : null,
					exchange.getRequest().getHeaders().getValuesAsList(X_FORWARDED_FOR));
			exchange.getAttributes().put(ATTRIBUTE, key);
		}
		return key;
	}

}
