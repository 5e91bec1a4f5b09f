package dev.gatewaykit.auth.web;

import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.common.error.ApiError;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Writes an {@link ApiError} as the JSON body of a response, for the places that answer
 * outside a controller (security entry points, the global error handler).
 */
@Component
public class ApiErrorWriter {

	private final JsonMapper json;

	public ApiErrorWriter(JsonMapper json) {
		this.json = json;
	}

	public Mono<Void> write(ServerWebExchange exchange, HttpStatusCode status, String error, String message) {
		ServerHttpResponse response = exchange.getResponse();
		response.setStatusCode(status);
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory()
			.wrap(this.json.writeValueAsBytes(new ApiError(status.value(), error, message)))));
	}

}
