package dev.gatewaykit.gateway.web;

import java.io.IOException;
import java.net.ConnectException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

import io.netty.channel.ConnectTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers every error that escapes the filters with the kit's JSON shape and never a
 * stack trace: an unreachable upstream is 502, a timed-out one 504, SCG's own status
 * exceptions keep their status, anything else is 500 and logged here once.
 */
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public final class JsonErrorWebExceptionHandler implements ErrorWebExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(JsonErrorWebExceptionHandler.class);

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
		if (exchange.getResponse().isCommitted()) {
			return Mono.error(ex);
		}
		if (ex instanceof ResponseStatusException status) {
			HttpStatusCode code = status.getStatusCode();
			String reason = (status.getReason() != null) ? status.getReason() : describe(code);
			return ErrorResponses.write(exchange, code, errorCode(code), reason);
		}
		if (hasCause(ex, TimeoutException.class) || hasCause(ex, ConnectTimeoutException.class)) {
			return ErrorResponses.write(exchange, HttpStatus.GATEWAY_TIMEOUT, "upstream_timeout",
					"the upstream service did not answer in time");
		}
		// Refused, reset or closed early: the upstream failed, not the gateway (an
		// instance dying mid-request).
		if (hasCause(ex, ConnectException.class) || hasCause(ex, IOException.class)) {
			log.warn("Upstream unreachable for {}: {}", exchange.getRequest().getPath(), ex.toString());
			return ErrorResponses.write(exchange, HttpStatus.BAD_GATEWAY, "upstream_unavailable",
					"the upstream service is unreachable");
		}
		log.error("Unexpected error for {}", exchange.getRequest().getPath(), ex);
		return ErrorResponses.write(exchange, HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
				"unexpected error; see the gateway log");
	}

	private static boolean hasCause(Throwable ex, Class<? extends Throwable> type) {
		for (Throwable t = ex; t != null; t = (t.getCause() == t) ? null : t.getCause()) {
			if (type.isInstance(t)) {
				return true;
			}
		}
		return false;
	}

	private static String errorCode(HttpStatusCode code) {
		HttpStatus status = HttpStatus.resolve(code.value());
		return (status != null) ? status.name().toLowerCase(Locale.ROOT) : "error";
	}

	private static String describe(HttpStatusCode code) {
		HttpStatus status = HttpStatus.resolve(code.value());
		return (status != null) ? status.getReasonPhrase() : "HTTP " + code.value();
	}

}
