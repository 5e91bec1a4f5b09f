package dev.gatewaykit.gateway.actuate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

import dev.gatewaykit.gateway.web.ErrorResponses;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
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

	private final String basePath;

	private final byte[] expected;

	/**
	 * @param basePath where the actuator's endpoints are, so that the filter only guards
	 * them when the management port is the server port
	 * @param credentials what a write must present
	 */
	public ManagementWriteAuthentication(String basePath, ManagementCredentials credentials) {
		this.basePath = basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath;
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

	private boolean isManagementPath(ServerWebExchange exchange) {
		String path = exchange.getRequest().getPath().pathWithinApplication().value();
		return this.basePath.isEmpty() || path.equals(this.basePath) || path.startsWith(this.basePath + "/");
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
