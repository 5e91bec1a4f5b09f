package dev.gatewaykit.gateway.actuate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.gateway.web.ErrorResponses;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Requires HTTP Basic with the {@link ManagementCredentials} on every management request
 * that is not a read (GET, HEAD): the writes switch the execution mode, clear the
 * diagnostics' records and set log levels, and the port being bound to 127.0.0.1 only
 * keeps out other machines, not other local users or a process that was tricked into
 * posting to it. Reads stay open: health probes and Prometheus scrapers carry no
 * credentials.
 * <p>
 * A web filter of the management context only, not Spring Security: the gateway's own
 * port keeps its filter chain as it is.
 */
public final class ManagementWriteAuthentication implements WebFilter, Ordered {

	/** Before the actuator's handlers and anything else on the management port. */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

	private static final String CHALLENGE = "Basic realm=\"kit-management\", charset=\"UTF-8\"";

	/** The base path's segments, lower case. */
	private final List<String> baseSegments;

	private final byte[] expected;

	/**
	 * @param basePath where the actuator's endpoints are, so that the filter only guards
	 * them when the management port is the server port
	 * @param credentials what a write must present
	 */
	public ManagementWriteAuthentication(String basePath, ManagementCredentials credentials) {
		this.baseSegments = segments(PathContainer.parsePath(basePath));
		this.expected = (credentials.username() + ":" + credentials.password()).getBytes(StandardCharsets.UTF_8);
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		HttpMethod method = exchange.getRequest().getMethod();
		if (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method) || !isManagementPath(exchange)
				|| authenticated(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION))) {
			return chain.filter(exchange);
		}
		exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE);
		return ErrorResponses.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized",
				"management writes need HTTP Basic credentials (kit.gateway.management.*)");
	}

	/**
	 * Whether the path lies under the base path, segment by segment, the way a lenient
	 * handler would read it: decoded, without {@code ;} parameters, empty and {@code .}
	 * segments, with {@code ..} applied, ignoring case. Text prefixes are not enough:
	 * {@code /actuator;a=b/kit} does not start with {@code /actuator/}, yet reaches the
	 * {@code kit} endpoint wherever path parameters are dropped. Reading more paths as
	 * management paths than the handlers would only asks for credentials more often.
	 */
	private boolean isManagementPath(ServerWebExchange exchange) {
		if (this.baseSegments.isEmpty()) {
			return true;
		}
		List<String> path = segments(exchange.getRequest().getPath().pathWithinApplication());
		return path.size() >= this.baseSegments.size()
				&& path.subList(0, this.baseSegments.size()).equals(this.baseSegments);
	}

	private static List<String> segments(PathContainer path) {
		Deque<String> segments = new ArrayDeque<>();
		for (PathContainer.Element element : path.elements()) {
			if (!(element instanceof PathContainer.PathSegment segment)) {
				continue;
			}
			String name = segment.valueToMatch().strip();
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
		return List.copyOf(segments);
	}

	private boolean authenticated(@Nullable String authorization) {
		if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
			return false;
		}
		byte[] presented;
		try {
			presented = Base64.getDecoder().decode(authorization.substring(6).strip());
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
		// Constant time: the comparison must not tell how much of a guess was right.
		return MessageDigest.isEqual(presented, this.expected);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
