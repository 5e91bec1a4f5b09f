package dev.gatewaykit.gateway.web;

import java.nio.charset.StandardCharsets;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.gateway.core.error.ErrorBodies;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

/**
 * Writes the kit's JSON error body ({@link ErrorBodies}: which body, and its bytes) to a
 * WebFlux exchange, so that every refusal says what is wrong and none leaks a stack
 * trace. A 5xx answer names the exchange's request id in its message and in
 * {@value #REQUEST_ID_HEADER}.
 */
public final class ErrorResponses {

	/** The response header carrying the request id of a 5xx answer. */
	public static final String REQUEST_ID_HEADER = ErrorBodies.REQUEST_ID_HEADER;

	private ErrorResponses() {
	}

	public static Mono<Void> write(ServerWebExchange exchange, HttpStatusCode status, String error, String message) {
		return write(exchange, new ApiError(status.value(), error, message));
	}

	/**
	 * Refuses a request whose identity could not be checked, with the status and body
	 * {@link ErrorBodies#identityUnavailable} gives the failure.
	 */
	public static Mono<Void> identityUnavailable(ServerWebExchange exchange, IdentityUnavailableException ex) {
		return write(exchange, ErrorBodies.identityUnavailable(ex));
	}

	/**
	 * The id that names this exchange in the log and in a 5xx answer: Reactor Netty's
	 * request id, the connection's id and the request's number on it.
	 */
	public static String requestId(ServerWebExchange exchange) {
		return exchange.getRequest().getId();
	}

	private static Mono<Void> write(ServerWebExchange exchange, ApiError error) {
		ServerHttpResponse response = exchange.getResponse();
		if (response.isCommitted()) {
			return Mono.empty();
		}
		String id = requestId(exchange);
		ApiError answer = ErrorBodies.answered(error, id);
		if (answer.status() >= 500) {
			response.getHeaders().set(REQUEST_ID_HEADER, id);
		}
		response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		DataBuffer buffer = response.bufferFactory().wrap(ErrorBodies.json(answer).getBytes(StandardCharsets.UTF_8));
		return response.writeWith(Mono.just(buffer));
	}

}
