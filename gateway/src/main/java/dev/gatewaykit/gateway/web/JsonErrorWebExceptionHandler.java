package dev.gatewaykit.gateway.web;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;

import io.netty.channel.ConnectTimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers every error that escapes the filters with the kit's JSON shape and never a
 * stack trace: an unreachable upstream is 502, a timed-out one 504, an overloaded gateway
 * 503 with {@code Retry-After}, SCG's own status exceptions keep their status, anything
 * else is 500. Every 5xx is logged here with its request id, and its body says no more
 * than its status does and that id ({@link ErrorResponses}).
 */
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public final class JsonErrorWebExceptionHandler implements ErrorWebExceptionHandler, AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(JsonErrorWebExceptionHandler.class);

	/**
	 * How often each overload cause is logged: an overload refuses thousands of requests
	 * a second, and a line (let alone a stack trace) for each would add to the load that
	 * caused it.
	 */
	static final Duration OVERLOAD_LOG_INTERVAL = Duration.ofSeconds(10);

	/**
	 * What a refused client is told to wait: the queues that overflowed drain in well
	 * under a second once the burst passes, so the shortest value the header can carry.
	 */
	static final String OVERLOAD_RETRY_AFTER_SECONDS = "1";

	/**
	 * Route metadata: the seconds a client refused by the route's rate limit is told to
	 * wait ({@code Retry-After}); 1 on a route without it.
	 */
	public static final String RETRY_AFTER_SECONDS = "kit-retry-after-seconds";

	private final OncePerInterval overloadLog = new OncePerInterval(OVERLOAD_LOG_INTERVAL, System::nanoTime);

	private final AutoCloseable overloadLogFlush = this.overloadLog.flushEvery((cause, count) -> log.warn(
			"Overloaded, {} more answered 503 in the last {} s ({}), not logged " + "one by one", count,
			OVERLOAD_LOG_INTERVAL.toSeconds(), cause));

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
		if (exchange.getResponse().isCommitted()) {
			return Mono.error(ex);
		}
		if (ex instanceof ResponseStatusException status) {
			HttpStatusCode code = status.getStatusCode();
			if (code.is5xxServerError()) {
				// SCG's reasons name services and instances ("Unable to find instance
				// for ..."): the log's, not the client's.
				log.warn("Answering {} for {} (request id {}): {}", code.value(), exchange.getRequest().getPath(),
						ErrorResponses.requestId(exchange), status.getMessage());
				return ErrorResponses.write(exchange, code, errorCode(code), describe(code));
			}
			String reason = (status.getReason() != null) ? status.getReason() : describe(code);
			return ErrorResponses.write(exchange, code, errorCode(code), reason);
		}
		if (ex instanceof HttpClientErrorException.TooManyRequests) {
			exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, retryAfter(exchange));
			return ErrorResponses.write(exchange, HttpStatus.TOO_MANY_REQUESTS, "too_many_requests",
					"too many requests from this address; retry after the time in Retry-After");
		}
		Throwable overload = overloadCause(ex);
		if (overload != null) {
			return overloaded(exchange, overload);
		}
		if (hasCause(ex, TimeoutException.class) || hasCause(ex, ConnectTimeoutException.class)) {
			log.warn("Upstream timed out for {} (request id {}): {}", exchange.getRequest().getPath(),
					ErrorResponses.requestId(exchange), ex.toString());
			return ErrorResponses.write(exchange, HttpStatus.GATEWAY_TIMEOUT, "upstream_timeout",
					"the upstream service did not answer in time");
		}
		// Refused, reset or closed early: the upstream failed, not the gateway (an
		// instance dying mid-request).
		if (hasCause(ex, ConnectException.class) || hasCause(ex, IOException.class)) {
			log.warn("Upstream unreachable for {} (request id {}): {}", exchange.getRequest().getPath(),
					ErrorResponses.requestId(exchange), ex.toString());
			return ErrorResponses.write(exchange, HttpStatus.BAD_GATEWAY, "upstream_unavailable",
					"the upstream service is unreachable");
		}
		log.error("Unexpected error for {} (request id {})", exchange.getRequest().getPath(),
				ErrorResponses.requestId(exchange), ex);
		return ErrorResponses.write(exchange, HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
				"unexpected error; see the gateway log");
	}

	/**
	 * The gateway's own queues refusing work: the upstream connection pool's wait queue
	 * full ({@link PoolAcquirePendingLimitException}) or its wait timed out
	 * ({@link PoolAcquireTimeoutException}, before the timeout check: it is a
	 * {@link TimeoutException} but no upstream was slow to answer), or an executor's
	 * queue full ({@link RejectedExecutionException}, bounded-elastic). Each is this
	 * gateway out of capacity, which retrying shortly may well cure: 503.
	 */
	private static @Nullable Throwable overloadCause(Throwable ex) {
		for (Throwable t = ex; t != null; t = (t.getCause() == t) ? null : t.getCause()) {
			if (t instanceof PoolAcquirePendingLimitException || t instanceof PoolAcquireTimeoutException
					|| t instanceof RejectedExecutionException) {
				return t;
			}
		}
		return null;
	}

	private Mono<Void> overloaded(ServerWebExchange exchange, Throwable cause) {
		long suppressed = this.overloadLog.tryAcquire(cause.getClass().getName());
		if (suppressed >= 0) {
			log.warn("Overloaded, answering 503 (request id {}; {} more like it in the last {} s not logged): {}",
					ErrorResponses.requestId(exchange), suppressed, OVERLOAD_LOG_INTERVAL.toSeconds(),
					cause.toString());
		}
		exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, OVERLOAD_RETRY_AFTER_SECONDS);
		return ErrorResponses.write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "overloaded",
				"the gateway is at capacity; retry shortly");
	}

	/**
	 * Seconds until a refused client can log in again, as the route states it
	 * ({@link #RETRY_AFTER_SECONDS}): the rate limiter sends clients no headers of its
	 * own to compute it from.
	 */
	static String retryAfter(ServerWebExchange exchange) {
		Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
		Object seconds = (route != null) ? route.getMetadata().get(RETRY_AFTER_SECONDS) : null;
		return (seconds != null) ? seconds.toString() : "1";
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

	/**
	 * Stops reporting overload answers left out of the log (the bean's destroy method).
	 */
	@Override
	public void close() throws Exception {
		this.overloadLogFlush.close();
	}

}
