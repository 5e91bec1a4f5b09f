package dev.gatewaykit.mall.security;

import java.io.IOException;
import java.util.Optional;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenVerifier;
import dev.gatewaykit.mall.web.ApiErrors;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.servlet.filter.OrderedFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets a request through only if it carries a relay token
 * ({@value IdentityHeaders#RELAY_TOKEN}) that {@link RelayTokenVerifier#verify} accepts:
 * signed by auth-service with a key of {@code kit.relay.verification.keys}, current, and
 * not signed to live longer than {@code kit.relay.max-lifetime}. The verified
 * {@link RelayClaims} are put on the request under {@link #CLAIMS_ATTRIBUTE}. Anything
 * else is answered here with a 401 JSON body and never reaches a controller. Only
 * {@code /actuator/health} (and its groups) is open, so the kit and an orchestrator can
 * probe the service without a token.
 * <p>
 * Verification is local (one Ed25519 check, public keys only), which is the point of the
 * relay token: no network call per request.
 */
public class RelayTokenFilter extends OncePerRequestFilter implements Ordered {

	/**
	 * Where Spring Security's filter chain would sit: after Boot's request wrappers and
	 * its observation filter, so a refused request still shows up in
	 * {@code http.server.requests} with its 401.
	 */
	public static final int ORDER = OrderedFilter.REQUEST_WRAPPER_FILTER_MAX_ORDER - 100;

	/** Request attribute holding the verified {@link RelayClaims}. */
	public static final String CLAIMS_ATTRIBUTE = RelayClaims.class.getName();

	private static final String HEALTH_PATH = "/actuator/health";

	private final RelayTokenVerifier verifier;

	private final byte[] missing;

	private final byte[] invalid;

	public RelayTokenFilter(RelayTokenVerifier verifier, JsonMapper json) {
		this.verifier = verifier;
		// The two refusals never change: render them once instead of on every refused
		// request.
		this.missing = json.writeValueAsBytes(ApiErrors.of(HttpStatus.UNAUTHORIZED, "relay token is missing"));
		this.invalid = json
			.writeValueAsBytes(ApiErrors.of(HttpStatus.UNAUTHORIZED, "relay token is invalid or expired"));
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		// The servlet path is decoded and normalised by the container, unlike
		// getRequestURI(): a raw "/actuator/health/../prometheus" must not slip through
		// as a health request.
		String path = request.getServletPath() + ((request.getPathInfo() != null) ? request.getPathInfo() : "");
		return path.equals(HEALTH_PATH) || path.startsWith(HEALTH_PATH + "/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String token = request.getHeader(IdentityHeaders.RELAY_TOKEN);
		if (token == null || token.isBlank()) {
			refuse(response, this.missing);
			return;
		}
		Optional<RelayClaims> claims = this.verifier.verify(token);
		if (claims.isEmpty()) {
			refuse(response, this.invalid);
			return;
		}
		request.setAttribute(CLAIMS_ATTRIBUTE, claims.get());
		chain.doFilter(request, response);
	}

	private static void refuse(HttpServletResponse response, byte[] body) throws IOException {
		response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

}
