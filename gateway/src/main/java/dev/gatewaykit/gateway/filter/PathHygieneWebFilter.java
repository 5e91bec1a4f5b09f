package dev.gatewaykit.gateway.filter;

import java.util.Locale;

import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Refuses, with 400, every request path that is not already in canonical form, before any route predicate or
 * whitelist sees it.
 * <p>
 * Why refuse rather than normalise: the gateway, the whitelist matcher and the service behind it could each
 * normalise differently (decode {@code %2F} or not, collapse {@code //} or not, honour {@code ;jsessionid} or not),
 * and every difference is a way to make the whitelist see {@code /api/auth/...} while the backend serves
 * {@code /api/mall/...}. A legitimate client never sends such paths, so the only safe answer is no.
 */
public final class PathHygieneWebFilter implements WebFilter, Ordered {

	/** First of all filters: nothing may look at a path before it has been checked. */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

	/** Encoded forms of '/', '\', '.', ';', '%' and NUL: each can smuggle a separator past a string check. */
	private static final String[] FORBIDDEN_ENCODINGS = { "%2f", "%5c", "%2e", "%3b", "%25", "%00" };

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		String problem = problem(exchange.getRequest().getURI().getRawPath());
		if (problem != null) {
			return ErrorResponses.write(exchange, HttpStatus.BAD_REQUEST, "bad_path", problem);
		}
		return chain.filter(exchange);
	}

	/** What is wrong with a raw (still percent-encoded) path, or {@code null} when it is canonical. */
	static String problem(String rawPath) {
		if (rawPath == null || rawPath.isEmpty() || rawPath.charAt(0) != '/') {
			return "the path must start with '/'";
		}
		String lower = rawPath.toLowerCase(Locale.ROOT);
		for (String encoding : FORBIDDEN_ENCODINGS) {
			if (lower.contains(encoding)) {
				return "encoded '/', '\\', '.', ';', '%' or NUL is not allowed in the path";
			}
		}
		for (int i = 0; i < rawPath.length(); i++) {
			char c = rawPath.charAt(i);
			if (c == '\\' || c == ';' || c < 0x20 || c == 0x7f) {
				return "'\\', ';' and control characters are not allowed in the path";
			}
		}
		if (rawPath.contains("//")) {
			return "empty path segments ('//') are not allowed";
		}
		for (String segment : rawPath.split("/", -1)) {
			if (segment.equals(".") || segment.equals("..")) {
				return "'.' and '..' path segments are not allowed";
			}
		}
		return null;
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
