package dev.gatewaykit.auth.web;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.user.PasswordChecksOverloadedException;

import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.WebExceptionHandler;

/**
 * Turns every exception that escapes a handler or filter into the kit's JSON error body:
 * never Spring's default error page, never a stack trace.
 * <p>
 * Ordered before Spring Boot's {@code DefaultErrorWebExceptionHandler} (order -1), so
 * that one never answers. Redis being down or slow is answered 503, and no free password
 * check 503 {@code overloaded} with {@code Retry-After}, rather than 500: they are
 * conditions a client may retry, not bugs.
 */
@Component
@Order(-2)
public class GlobalErrorHandler implements WebExceptionHandler {

	private static final Logger logger = LoggerFactory.getLogger(GlobalErrorHandler.class);

	/**
	 * An outage fails every request; one warning per interval says so without flooding
	 * the log.
	 */
	private static final Duration UNAVAILABLE_LOG_INTERVAL = Duration.ofSeconds(10);

	/** What an overloaded answer asks the client to wait, in seconds. */
	static final String OVERLOAD_RETRY_AFTER_SECONDS = "1";

	private final ApiErrorWriter writer;

	private final AtomicLong lastUnavailableLog = new AtomicLong(
			System.nanoTime() - UNAVAILABLE_LOG_INTERVAL.toNanos());

	public GlobalErrorHandler(ApiErrorWriter writer) {
		this.writer = writer;
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
		if (exchange.getResponse().isCommitted()) {
			return Mono.error(ex);
		}
		if (ex instanceof InvalidRequestException) {
			return this.writer.write(exchange, HttpStatus.BAD_REQUEST, "invalid_request", ex.getMessage());
		}
		if (ex instanceof ServerWebInputException) {
			return this.writer.write(exchange, HttpStatus.BAD_REQUEST, "invalid_request",
					"the request body is missing or is not valid JSON of the expected shape");
		}
		if (ex instanceof ResponseStatusException statusException) {
			HttpStatusCode status = statusException.getStatusCode();
			return this.writer.write(exchange, status, errorCode(status), message(statusException));
		}
		if (ex instanceof PasswordChecksOverloadedException) {
			// Like the gateway's own overload answer: the client may retry in a second.
			exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, OVERLOAD_RETRY_AFTER_SECONDS);
			return this.writer.write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "overloaded",
					"too many logins are being checked; retry in a second");
		}
		if (isUnavailable(ex)) {
			logUnavailable(ex);
			return this.writer.write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "service_unavailable",
					"the service cannot answer right now; retry later");
		}
		logger.error("Unexpected error answering {} {}", exchange.getRequest().getMethod(),
				exchange.getRequest().getPath(), ex);
		return this.writer.write(exchange, HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
				"the service failed to answer; see its log");
	}

	private static boolean isUnavailable(Throwable ex) {
		return ex instanceof DataAccessException || ex instanceof TimeoutException
				|| ex instanceof RejectedExecutionException;
	}

	private void logUnavailable(Throwable ex) {
		long now = System.nanoTime();
		long last = this.lastUnavailableLog.get();
		if (now - last >= UNAVAILABLE_LOG_INTERVAL.toNanos() && this.lastUnavailableLog.compareAndSet(last, now)) {
			logger.warn("Answering 503: {} (logged at most every {}s)", ex.toString(),
					UNAVAILABLE_LOG_INTERVAL.toSeconds());
		}
	}

	private static String errorCode(HttpStatusCode status) {
		HttpStatus known = HttpStatus.resolve(status.value());
		return (known != null) ? known.name().toLowerCase(Locale.ROOT) : "http_" + status.value();
	}

	private static String message(ResponseStatusException ex) {
		String reason = ex.getReason();
		if (reason != null && !reason.isBlank()) {
			return reason;
		}
		HttpStatus known = HttpStatus.resolve(ex.getStatusCode().value());
		return (known != null) ? known.getReasonPhrase() : "HTTP " + ex.getStatusCode().value();
	}

}
