package dev.gatewaykit.gateway.web;

import java.nio.charset.StandardCharsets;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.gateway.mode.IdentityUnavailableException;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

/**
 * Writes the kit's JSON error body, an {@link ApiError}
 * ({@code {"status":401,"error":"unauthorized","message":"..."}}), so that every refusal
 * says what is wrong and none leaks a stack trace.
 * <p>
 * Written by hand: three fields need no JSON mapper, and so the filters that refuse
 * requests need none injected. The bytes are those the services' Jackson writes for the
 * same {@link ApiError}, escapes included.
 * <p>
 * A 5xx answer carries a fixed message and the exchange's request id, in the message and
 * in {@value #REQUEST_ID_HEADER}: what failed inside (a host, a port, an exception) is
 * for the log, which names the same id, never for the client.
 */
public final class ErrorResponses {

	/** The response header carrying the request id of a 5xx answer. */
	public static final String REQUEST_ID_HEADER = "X-Request-Id";

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private ErrorResponses() {
	}

	public static Mono<Void> write(ServerWebExchange exchange, HttpStatusCode status, String error, String message) {
		return write(exchange, new ApiError(status.value(), error, message));
	}

	/**
	 * Refuses a request whose identity could not be checked. The session store failing is
	 * 503, since retrying later may well work; auth-service failing is 502, an upstream
	 * of ours misbehaved, unless the gateway shed the call itself (open circuit breaker,
	 * full bulkhead): that is 503, the gateway choosing not to try for now. The message
	 * says which, never why: the exception's detail is for the log.
	 */
	public static Mono<Void> identityUnavailable(ServerWebExchange exchange, IdentityUnavailableException ex) {
		return switch (ex.dependency()) {
			case SESSION_STORE -> write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "session_store_unavailable",
					(ex.shed()) ? String.valueOf(ex.getMessage()) : SESSION_STORE_FAILED);
			case AUTH_SERVICE -> (ex.shed())
					? write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "auth_service_unavailable",
							String.valueOf(ex.getMessage()))
					: write(exchange, HttpStatus.BAD_GATEWAY, "auth_service_unavailable", AUTH_SERVICE_FAILED);
		};
	}

	/** What a client is told when the session store failed. */
	static final String SESSION_STORE_FAILED = "the session store did not answer in time; try again later";

	/** What a client is told when the relay call failed. */
	static final String AUTH_SERVICE_FAILED = "auth-service did not issue a relay token; try again later";

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
		ApiError answer = error;
		if (error.status() >= 500) {
			String id = requestId(exchange);
			response.getHeaders().set(REQUEST_ID_HEADER, id);
			answer = new ApiError(error.status(), error.error(), error.message() + " (request id " + id + ")");
		}
		response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		DataBuffer buffer = response.bufferFactory().wrap(json(answer).getBytes(StandardCharsets.UTF_8));
		return response.writeWith(Mono.just(buffer));
	}

	static String json(ApiError error) {
		return "{\"status\":" + error.status() + ",\"error\":\"" + escape(error.error()) + "\",\"message\":\""
				+ escape(error.message()) + "\"}";
	}

	/**
	 * Jackson's escapes: the two-character ones where JSON has them, a six-character one
	 * for other controls.
	 */
	static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length() + 8);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				case '\b' -> out.append("\\b");
				case '\f' -> out.append("\\f");
				default -> {
					if (c < 0x20) {
						out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.toString();
	}

}
