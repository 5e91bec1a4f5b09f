package dev.gatewaykit.gateway.web;

import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;

/**
 * Requests whose answer is a stream: a WebSocket upgrade, or one that accepts server-sent
 * events. A stream lives as long as its client wants, so a bound on the whole exchange
 * (the request deadline) would cut a healthy one, and its duration says nothing about the
 * gateway's latency (the admission limit's samples).
 */
public final class Streams {

	/** Where the answer for an exchange is kept once worked out. */
	static final String REQUESTED_ATTRIBUTE = Streams.class.getName() + ".requested";

	private Streams() {
	}

	/**
	 * Whether {@code exchange}'s request asks for a stream, worked out once per exchange:
	 * the request deadline and the admission limit both ask, and reading the
	 * {@code Accept} header parses its media types.
	 */
	public static boolean requested(ServerWebExchange exchange) {
		Boolean known = exchange.getAttribute(REQUESTED_ATTRIBUTE);
		if (known == null) {
			known = requested(exchange.getRequest());
			exchange.getAttributes().put(REQUESTED_ATTRIBUTE, known);
		}
		return known;
	}

	/** Whether {@code request} asks for a stream. */
	public static boolean requested(ServerHttpRequest request) {
		HttpHeaders headers = request.getHeaders();
		if ("websocket".equalsIgnoreCase(headers.getUpgrade())) {
			return true;
		}
		try {
			return headers.getAccept()
				.stream()
				.anyMatch((accepted) -> accepted.equalsTypeAndSubtype(MediaType.TEXT_EVENT_STREAM));
		}
		catch (InvalidMediaTypeException ex) {
			return false; // an unreadable Accept header asks for no stream
		}
	}

}
