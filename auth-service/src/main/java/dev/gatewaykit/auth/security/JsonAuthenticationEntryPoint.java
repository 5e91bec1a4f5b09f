package dev.gatewaykit.auth.security;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.web.ApiErrorWriter;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers 401 with the kit's JSON error body (and a Basic challenge), instead of Spring
 * Security's empty body.
 */
class JsonAuthenticationEntryPoint implements ServerAuthenticationEntryPoint {

	private final ApiErrorWriter writer;

	JsonAuthenticationEntryPoint(ApiErrorWriter writer) {
		this.writer = writer;
	}

	@Override
	public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException ex) {
		exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"auth-service\"");
		String message = (ex instanceof BadCredentialsException) ? "bad client credentials"
				: "client credentials are required";
		return this.writer.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized", message);
	}

}
