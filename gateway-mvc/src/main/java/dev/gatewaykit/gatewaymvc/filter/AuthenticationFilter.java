package dev.gatewaykit.gatewaymvc.filter;

import java.time.Clock;
import java.util.Optional;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.core.identity.IdentityCalls;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.publicpaths.PublicPaths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The WebFlux gateway's {@code AuthenticationGlobalFilter} on Server MVC: strips identity
 * headers the client sent, lets public paths through, and otherwise loads the session for
 * the {@code Authorization: Bearer} token (one Redis GET + one EXPIRE, a blocking call on
 * the request's own thread) and forwards the user's id and name. The decisions and the
 * words are {@link BearerAuthentication}'s, the answers {@link ErrorAnswers}': 401 with a
 * JSON body saying why, 503 when the session store cannot answer (fail closed).
 * <p>
 * The route's first filter: it reads the path before the prefix is stripped and the
 * {@code Authorization} header before it is removed.
 */
public final class AuthenticationFilter implements HandlerFilterFunction<ServerResponse, ServerResponse> {

	/**
	 * Request attribute holding the authenticated session's {@link SessionKeys#reference
	 * reference}, what the relay call names it by.
	 */
	public static final String SESSION_REFERENCE_ATTRIBUTE = AuthenticationFilter.class.getName() + ".sessionReference";

	private static final Logger log = LoggerFactory.getLogger(AuthenticationFilter.class);

	private final IdentityCalls calls;

	private final PublicPaths publicPaths;

	private final Clock clock;

	public AuthenticationFilter(IdentityCalls calls, PublicPaths publicPaths, Clock clock) {
		this.calls = calls;
		this.publicPaths = publicPaths;
		this.clock = clock;
	}

	@Override
	public ServerResponse filter(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
		// Stripped on every route, public ones included: a client must never be able to
		// speak for the gateway.
		ServerRequest stripped = ServerRequest.from(request)
			.headers((headers) -> IdentityHeaders.ALL.forEach(headers::remove))
			.build();
		if (this.publicPaths.isPublic(request.requestPath().pathWithinApplication())) {
			return next.handle(stripped);
		}
		Optional<String> token = BearerAuthentication
			.bearerToken(request.headers().firstHeader(HttpHeaders.AUTHORIZATION));
		if (token.isEmpty()) {
			return ErrorAnswers.unauthorized(request, BearerAuthentication.MISSING_TOKEN);
		}
		// Hashed once here: the session's key and the relay call both use it.
		String reference = SessionKeys.reference(token.get());
		Optional<Session> session;
		try {
			session = this.calls.loadSession(reference);
		}
		catch (IdentityUnavailableException ex) {
			return refuse(request, ex);
		}
		if (session.isEmpty()) {
			return ErrorAnswers.unauthorized(request, BearerAuthentication.UNKNOWN_TOKEN);
		}
		if (session.get().isExpiredAt(this.clock.instant())) {
			return ErrorAnswers.unauthorized(request, BearerAuthentication.SESSION_EXPIRED);
		}
		ServerRequest authenticated = ServerRequest.from(stripped).headers((headers) -> {
			headers.set(IdentityHeaders.USER_ID, session.get().userId());
			headers.set(IdentityHeaders.USER_NAME, session.get().username());
		}).attribute(SESSION_REFERENCE_ATTRIBUTE, reference).build();
		return next.handle(authenticated);
	}

	/**
	 * Answers a request whose identity could not be checked; the detail goes to the log
	 * under the request id the answer names.
	 */
	static ServerResponse refuse(ServerRequest request, IdentityUnavailableException ex) {
		log.warn("Refusing {} (request id {}): {} ({})", request.path(), ErrorAnswers.requestId(request),
				ex.getMessage(), String.valueOf(ex.getCause()));
		return ErrorAnswers.identityUnavailable(request, ex);
	}

}
