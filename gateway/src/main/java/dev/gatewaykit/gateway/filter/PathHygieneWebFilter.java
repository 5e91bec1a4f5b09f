package dev.gatewaykit.gateway.filter;

import java.util.Locale;
import java.util.Optional;

import dev.gatewaykit.gateway.web.ErrorResponses;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Refuses, with 400, every request path that is not already in canonical form, before any
 * route predicate or public-paths matcher sees it.
 * <p>
 * Why refuse rather than normalise: the gateway, the public-paths matcher and the service
 * behind it could each normalise differently (decode {@code %2F} or not, collapse
 * {@code //} or not, honour {@code ;jsessionid} or not), and every difference is a way to
 * make the matcher see {@code /api/auth/...} while the backend serves
 * {@code /api/mall/...}. A legitimate client never sends such paths, so the only safe
 * answer is no.
 */
public final class PathHygieneWebFilter implements WebFilter, Ordered {

	/** First of all filters: nothing may look at a path before it has been checked. */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

	/**
	 * Encoded forms of '/', '\', '.', ';', '%' and NUL: each can smuggle a separator past
	 * a string check.
	 */
	private static final String[] FORBIDDEN_ENCODINGS = { "%2f", "%5c", "%2e", "%3b", "%25", "%00" };

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		Optional<String> problem = problem(exchange.getRequest().getURI().getRawPath());
		if (problem.isPresent()) {
			return ErrorResponses.write(exchange, HttpStatus.BAD_REQUEST, "bad_path", problem.get());
		}
		return chain.filter(exchange);
	}

	/**
	 * What is wrong with a raw (still percent-encoded) path; empty when it is canonical.
	 */
	static Optional<String> problem(@Nullable String rawPath) {
		if (rawPath == null || rawPath.isEmpty() || rawPath.charAt(0) != '/') {
			return Optional.of("the path must start with '/'");
		}
		String lower = rawPath.toLowerCase(Locale.ROOT);
		for (String encoding : FORBIDDEN_ENCODINGS) {
			if (lower.contains(encoding)) {
				return Optional.of("encoded '/', '\\', '.', ';', '%' or NUL is not allowed in the path");
			}
		}
		if (encodesUnreserved(rawPath)) {
			return Optional.of("percent-encoded letters, digits, '-', '_' or '~' are not allowed in the path: "
					+ "they have a plain form");
		}
		for (int i = 0; i < rawPath.length(); i++) {
			char c = rawPath.charAt(i);
			if (c == '\\' || c == ';' || c < 0x20 || c == 0x7f) {
				return Optional.of("'\\', ';' and control characters are not allowed in the path");
			}
		}
		if (rawPath.contains("//")) {
			return Optional.of("empty path segments ('//') are not allowed");
		}
		for (String segment : rawPath.split("/", -1)) {
			if (segment.equals(".") || segment.equals("..")) {
				return Optional.of("'.' and '..' path segments are not allowed");
			}
		}
		return Optional.empty();
	}

	/**
	 * Whether the path percent-encodes a character RFC 3986 calls unreserved. Such a
	 * character has a plain form that every client sends; the encoded form only serves to
	 * hide a word from a string check ({@code /api/mall/%61ctuator} is
	 * {@code /api/mall/actuator} to the backend).
	 */
	private static boolean encodesUnreserved(String rawPath) {
		for (int i = rawPath.indexOf('%'); i >= 0 && i + 2 < rawPath.length(); i = rawPath.indexOf('%', i + 1)) {
			int high = Character.digit(rawPath.charAt(i + 1), 16);
			int low = Character.digit(rawPath.charAt(i + 2), 16);
			if (high >= 0 && low >= 0) {
				char decoded = (char) (high * 16 + low);
				if ((decoded >= 'a' && decoded <= 'z') || (decoded >= 'A' && decoded <= 'Z')
						|| (decoded >= '0' && decoded <= '9') || decoded == '-' || decoded == '.' || decoded == '_'
						|| decoded == '~') {
					return true;
				}
			}
		}
		return false;
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
