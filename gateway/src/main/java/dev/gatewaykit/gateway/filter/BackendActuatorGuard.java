package dev.gatewaykit.gateway.filter;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

import dev.gatewaykit.gateway.web.ErrorResponses;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.RouteToRequestUrlFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriUtils;

/**
 * Refuses, on every route, a request whose path as the backend will receive it lies under
 * {@code /actuator} or {@code /error}: a backend's actuator (mall-api's
 * {@code prometheus}, {@code info}, {@code metrics}) is for its own operators, and a
 * route that strips {@code /api/mall} would otherwise hand
 * {@code /api/mall/actuator/prometheus} to it with a valid relay token. {@code /error} is
 * Spring Boot's error controller, which answers a direct request with 500: any client
 * with a token could make the backend report server errors and page someone.
 * <p>
 * Checked on the URL the request is about to be sent to, after every route filter has
 * rewritten the path ({@code StripPrefix} and whatever a route adds later), so that it
 * holds for every route, the {@code vanilla} one included, without knowing their
 * prefixes. The path is decoded and its dot segments and {@code ;} parameters removed
 * first, the way a lenient backend would read it: {@link PathHygieneWebFilter} already
 * refuses those forms at the door, and this check must not depend on it.
 * <p>
 * The answer is 404 {@code not_found}, the same as a path no route matches, rather than
 * 403: a client learns nothing about what the backend behind the route exposes.
 * <p>
 * One exception, which a route must ask for in its metadata ({@link #LIVENESS_ROUTE}):
 * {@code GET /actuator/health/liveness}, spelled exactly so, whose whole answer is
 * {@code {"status":"UP"}}. The bench's {@code vanilla} route measures plain Spring Cloud
 * Gateway on it, mall-api's only answer that needs no relay token.
 */
public final class BackendActuatorGuard implements GlobalFilter, Ordered {

	/**
	 * Right after SCG has computed the URL to send to ({@code GATEWAY_REQUEST_URL_ATTR})
	 * and before any routing filter sends it.
	 */
	public static final int ORDER = RouteToRequestUrlFilter.ROUTE_TO_URL_FILTER_ORDER + 1;

	/**
	 * Route metadata: {@code true} lets {@link #LIVENESS} through on that route.
	 */
	public static final String LIVENESS_ROUTE = "kit-backend-liveness";

	/** The one backend actuator path a route can let through. */
	static final String LIVENESS = "/actuator/health/liveness";

	private static final String ACTUATOR = "actuator";

	private static final String ERROR = "error";

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
		URI target = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR);
		String rawPath = (target != null) ? target.getRawPath() : exchange.getRequest().getURI().getRawPath();
		if (isBackendInternal(rawPath) && !isAllowedLiveness(exchange, rawPath)) {
			return ErrorResponses.write(exchange, HttpStatus.NOT_FOUND, "not_found", "no route for this path");
		}
		return chain.filter(exchange);
	}

	private static boolean isAllowedLiveness(ServerWebExchange exchange, String rawPath) {
		Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
		return route != null && Boolean.TRUE.equals(route.getMetadata().get(LIVENESS_ROUTE))
				&& HttpMethod.GET.equals(exchange.getRequest().getMethod()) && LIVENESS.equals(rawPath);
	}

	/**
	 * Whether a raw path reaches {@code /actuator} or {@code /error} once decoded
	 * (repeatedly, for double encodings), stripped of {@code ;} parameters, empty and
	 * {@code .} segments, with {@code ..} applied, compared ignoring case.
	 */
	static boolean isBackendInternal(@Nullable String rawPath) {
		if (rawPath == null) {
			return false;
		}
		String path = rawPath;
		// A few rounds settle any realistic nesting; a path still changing after them is
		// hostile and refused.
		for (int round = 0; round < 4; round++) {
			String decoded = decode(path);
			if (decoded.equals(path)) {
				String first = firstSegment(path);
				return first.equals(ACTUATOR) || first.equals(ERROR);
			}
			path = decoded;
		}
		return true;
	}

	private static String decode(String path) {
		try {
			return UriUtils.decode(path, StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException ex) {
			// A malformed escape: keep the text, the segments are still compared.
			return path;
		}
	}

	private static String firstSegment(String path) {
		Deque<String> segments = new ArrayDeque<>();
		for (String segment : path.replace('\\', '/').split("/")) {
			int parameters = segment.indexOf(';');
			String name = ((parameters >= 0) ? segment.substring(0, parameters) : segment).strip();
			if (name.isEmpty() || name.equals(".")) {
				continue;
			}
			if (name.equals("..")) {
				segments.pollLast();
			}
			else {
				segments.addLast(name.toLowerCase(Locale.ROOT));
			}
		}
		String first = segments.peekFirst();
		return (first != null) ? first : "";
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
