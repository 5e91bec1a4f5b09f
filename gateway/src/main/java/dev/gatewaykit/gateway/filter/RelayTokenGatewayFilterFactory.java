package dev.gatewaykit.gateway.filter;

import java.util.List;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.mode.IdentityBackend;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.web.ErrorResponses;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * Route filter {@code RelayToken}: before forwarding, fetches a signed relay token for
 * the authenticated session (named by its reference) from auth-service (one HTTP call per
 * request, like the token the original incident's filter fetched) and sets it as
 * {@value IdentityHeaders#RELAY_TOKEN}. auth-service down or slow gives 502 with a JSON
 * body; the request is never forwarded without a token.
 */
public class RelayTokenGatewayFilterFactory
		extends AbstractGatewayFilterFactory<RelayTokenGatewayFilterFactory.Config> {

	private final IdentityBackend backend;

	public RelayTokenGatewayFilterFactory(IdentityBackend backend) {
		super(Config.class);
		this.backend = backend;
	}

	@Override
	public List<String> shortcutFieldOrder() {
		return List.of("header");
	}

	@Override
	public GatewayFilter apply(Config config) {
		String header = config.getHeader();
		return (exchange, chain) -> {
			String reference = exchange.getAttribute(AuthenticationGlobalFilter.SESSION_REFERENCE_ATTRIBUTE);
			if (reference == null) {
				// Only reachable if the route is misconfigured as public; refuse rather
				// than forward anonymously.
				return ErrorResponses.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized",
						BearerAuthentication.ROUTE_NEEDS_SESSION);
			}
			return this.backend.fetchRelayToken(reference)
				// Before the error handler, so that only an answer without a token gets
				// here: the session ended after the authentication filter read it.
				.switchIfEmpty(Mono
					.defer(() -> AuthenticationGlobalFilter.unauthorized(exchange, BearerAuthentication.SESSION_ENDED)
						.then(Mono.<String>empty())))
				.onErrorResume(IdentityUnavailableException.class,
						(ex) -> AuthenticationGlobalFilter.refuse(exchange, ex).then(Mono.<String>empty()))
				.flatMap((token) -> {
					ServerHttpRequest request = exchange.getRequest()
						.mutate()
						.headers((headers) -> headers.set(header, token))
						.build();
					return chain.filter(exchange.mutate().request(request).build());
				});
		};
	}

	/** Configuration of the {@code RelayToken} filter. */
	public static class Config {

		/** The header the relay token is sent downstream in. */
		private String header = IdentityHeaders.RELAY_TOKEN;

		public String getHeader() {
			return this.header;
		}

		public void setHeader(String header) {
			this.header = header;
		}

	}

}
