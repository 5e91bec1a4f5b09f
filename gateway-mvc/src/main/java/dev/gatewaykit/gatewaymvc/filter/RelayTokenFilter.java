package dev.gatewaykit.gatewaymvc.filter;

import java.util.Optional;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.core.identity.IdentityCalls;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;

import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The WebFlux gateway's {@code RelayToken} route filter on Server MVC: before forwarding,
 * fetches a signed relay token for the authenticated session from auth-service (one
 * blocking HTTP call on the request's thread) and sets it as
 * {@value IdentityHeaders#RELAY_TOKEN}. A session that ended meanwhile is 401;
 * auth-service down or slow is 502 (503 when the gateway shed the call); the request is
 * never forwarded without a token.
 */
public final class RelayTokenFilter implements HandlerFilterFunction<ServerResponse, ServerResponse> {

	private final IdentityCalls calls;

	public RelayTokenFilter(IdentityCalls calls) {
		this.calls = calls;
	}

	@Override
	public ServerResponse filter(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
		Optional<Object> reference = request.attribute(AuthenticationFilter.SESSION_REFERENCE_ATTRIBUTE);
		if (reference.isEmpty()) {
			// Only reachable if the route is misconfigured as public; refuse rather than
			// forward anonymously.
			return ErrorAnswers.unauthorized(request, BearerAuthentication.ROUTE_NEEDS_SESSION);
		}
		Optional<String> token;
		try {
			token = this.calls.fetchRelayToken((String) reference.get());
		}
		catch (IdentityUnavailableException ex) {
			return AuthenticationFilter.refuse(request, ex);
		}
		if (token.isEmpty()) {
			return ErrorAnswers.unauthorized(request, BearerAuthentication.SESSION_ENDED);
		}
		return next.handle(ServerRequest.from(request)
			.headers((headers) -> headers.set(IdentityHeaders.RELAY_TOKEN, token.get()))
			.build());
	}

}
