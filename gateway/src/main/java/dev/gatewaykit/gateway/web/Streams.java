package dev.gatewaykit.gateway.web;

import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * Requests whose answer is a stream: a WebSocket upgrade, or one that accepts server-sent
 * events. A stream lives as long as its client wants, so a bound on the whole exchange
 * (the request deadline) would cut a healthy one, and its duration says nothing about the
 * gateway's latency (the admission limit's samples).
 */
public final class Streams {

	private Streams() {
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
