package dev.gatewaykit.auth.security;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.web.ApiErrorWriter;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers 403 with the kit's JSON error body, instead of Spring Security's plain text.
 */
class JsonAccessDeniedHandler implements ServerAccessDeniedHandler {

	private final ApiErrorWriter writer;

	JsonAccessDeniedHandler(ApiErrorWriter writer) {
		this.writer = writer;
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
		return this.writer.write(exchange, HttpStatus.FORBIDDEN, "forbidden", "this client may not do that");
	}

}
