package dev.gatewaykit.gateway.filter;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.mode.IdentityBackend;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.publicpaths.PublicPaths;
import dev.gatewaykit.gateway.web.ErrorResponses;
import dev.gatewaykit.gateway.web.OncePerInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;

/**
 * Authenticates every routed request: strips identity headers the client sent, lets
 * public paths through, and otherwise loads the session for the
 * {@code Authorization: Bearer} token (one Redis GET + one EXPIRE through
 * {@link IdentityBackend}) and forwards the user's id and name. Refusals are 401 with a
 * JSON body that says why; a session store that cannot answer gives 503 — the gateway
 * fails closed.
 */
public final class AuthenticationGlobalFilter implements GlobalFilter, Ordered {

	/**
	 * Before every route filter (SCG orders those 1, 2, … by position, and the
	 * relay-token filter needs the session) and before {@link NettyWriteResponseFilter}.
	 */
	public static final int ORDER = NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER - 1;

	/** Exchange attribute holding the authenticated {@link Session}. */
	public static final String SESSION_ATTRIBUTE = AuthenticationGlobalFilter.class.getName() + ".session";

	/**
	 * Exchange attribute holding the authenticated session's {@link SessionKeys#reference
	 * reference}, what the relay call names it by.
	 */
	public static final String SESSION_REFERENCE_ATTRIBUTE = AuthenticationGlobalFilter.class.getName()
			+ ".sessionReference";

	/**
	 * Route metadata key: a route whose metadata has it set to {@code true} is public as
	 * a whole (identity headers are still stripped). Only the bench's {@code vanilla}
	 * route sets it: a public path is a property of a path, this one of a route that
	 * exists only when the bench turns it on.
	 */
	public static final String PUBLIC_ROUTE = "kit-public-route";

	private static final Logger log = LoggerFactory.getLogger(AuthenticationGlobalFilter.class);

	/** One refusal line per cause per this interval; the others are counted. */
	static final Duration REFUSAL_LOG_INTERVAL = Duration.ofSeconds(10);

	private static final OncePerInterval refusalLog = new OncePerInterval(REFUSAL_LOG_INTERVAL, System::nanoTime);

	static {
		// One for the JVM, like the log it flushes into: never closed.
		refusalLog.flushEvery(
				(cause, count) -> log.warn("Refused {} more requests in the last {} s ({}), not logged " + "one by one",
						count, REFUSAL_LOG_INTERVAL.toSeconds(), cause));
	}

	private final IdentityBackend backend;

	private final PublicPaths publicPaths;

	private final Clock clock;

	public AuthenticationGlobalFilter(IdentityBackend backend, PublicPaths publicPaths, Clock clock) {
		this.backend = backend;
		this.publicPaths = publicPaths;
		this.clock = clock;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
		// Stripped on every route, public ones included: a client must never be able to
		// speak for the gateway.
		ServerHttpRequest request = exchange.getRequest()
			.mutate()
			.headers((headers) -> IdentityHeaders.ALL.forEach(headers::remove))
			.build();
		if (isPublicRoute(exchange)) {
			return chain.filter(exchange.mutate().request(request).build());
		}
		if (this.publicPaths.isPublic(request.getPath().pathWithinApplication())) {
			log.debug("Public path {}, no authentication", request.getPath());
			return chain.filter(exchange.mutate().request(request).build());
		}
		Optional<String> token = BearerAuthentication
			.bearerToken(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
		if (token.isEmpty()) {
			return unauthorized(exchange, BearerAuthentication.MISSING_TOKEN);
		}
		// Hashed once here: the session's key and the relay call both use it.
		String reference = SessionKeys.reference(token.get());
		return this.backend.loadSession(reference)
			.map(Optional::of)
			.defaultIfEmpty(Optional.empty())
			.onErrorResume(IdentityUnavailableException.class,
					(ex) -> refuse(exchange, ex).then(Mono.<Optional<Session>>empty()))
			.flatMap((found) -> found.map((session) -> proceed(exchange, chain, request, reference, session))
				.orElseGet(() -> unauthorized(exchange, BearerAuthentication.UNKNOWN_TOKEN)));
	}

	private static boolean isPublicRoute(ServerWebExchange exchange) {
		Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
		return route != null && Boolean.TRUE.equals(route.getMetadata().get(PUBLIC_ROUTE));
	}

	private Mono<Void> proceed(ServerWebExchange exchange, GatewayFilterChain chain, ServerHttpRequest request,
			String reference, Session session) {
		if (session.isExpiredAt(this.clock.instant())) {
			return unauthorized(exchange, BearerAuthentication.SESSION_EXPIRED);
		}
		log.debug("Authenticated user {} ({}) for {}", session.username(), session.userId(), request.getPath());
		ServerHttpRequest authenticated = request.mutate().headers((headers) -> {
			headers.set(IdentityHeaders.USER_ID, session.userId());
			headers.set(IdentityHeaders.USER_NAME, session.username());
		}).build();
		ServerWebExchange next = exchange.mutate().request(authenticated).build();
		next.getAttributes().put(SESSION_ATTRIBUTE, session);
		next.getAttributes().put(SESSION_REFERENCE_ATTRIBUTE, reference);
		return chain.filter(next);
	}

	/** Answers 401 with {@code WWW-Authenticate: Bearer} and the kit's JSON body. */
	public static Mono<Void> unauthorized(ServerWebExchange exchange, String message) {
		exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, BearerAuthentication.CHALLENGE);
		return ErrorResponses.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized", message);
	}

	/**
	 * Answers a request whose identity could not be checked, logging one line per cause
	 * per {@link #REFUSAL_LOG_INTERVAL}: a dependency down or shed refuses thousands of
	 * requests a second, and a line for each would add to the load (measured: ~1000 WARN
	 * lines a second while a breaker was open).
	 */
	static Mono<Void> refuse(ServerWebExchange exchange, IdentityUnavailableException ex) {
		String cause = (ex.getCause() != null) ? ex.getCause().toString() : "no cause";
		long suppressed = refusalLog.tryAcquire(ex.dependency() + (ex.shed() ? " shed " : " failed ")
				+ ((ex.getCause() != null) ? ex.getCause().getClass().getName() : ""));
		if (suppressed >= 0) {
			log.warn("Refusing {} (request id {}; {} more like it in the last {} s not logged): {} ({})",
					exchange.getRequest().getPath(), ErrorResponses.requestId(exchange), suppressed,
					REFUSAL_LOG_INTERVAL.toSeconds(), ex.getMessage(), cause);
		}
		return ErrorResponses.identityUnavailable(exchange, ex);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
