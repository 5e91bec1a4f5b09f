package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

import io.micrometer.core.instrument.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Every request on the public port is answered within one deadline, whatever it waits
 * for: 504 with the kit's JSON body if nothing was sent yet, the connection closed if the
 * answer had begun. Each dependency has its own timeout, and this is the one above them
 * all, below nginx's 60 s {@code proxy_read_timeout}: a wait no timeout covers (a bug, a
 * library's or ours) ends here, counted ({@code kit.gateway.deadline.exceeded}) and
 * logged with how far the request got, rather than as nginx's 504 a minute later.
 * <p>
 * Streams are left out: a WebSocket upgrade or a server-sent event stream lives as long
 * as its client wants, and a deadline on the whole exchange would cut it at the deadline
 * however healthy it is. Their bound is the front end's idle timeout on the connection.
 */
public final class RequestDeadlineWebFilter implements WebFilter, Ordered, AutoCloseable {

	/**
	 * First after path hygiene: the admission limit and everything behind it run within
	 * the deadline.
	 */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 5;

	/** One line per this interval; the others are counted. */
	static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

	private static final Logger log = LoggerFactory.getLogger(RequestDeadlineWebFilter.class);

	private final Duration deadline;

	private final Counter exceeded;

	private final ApplicationContext publicServer;

	private final OncePerInterval expiryLog = new OncePerInterval(LOG_INTERVAL, System::nanoTime);

	private final AutoCloseable expiryLogFlush = this.expiryLog.flushEvery((key, count) -> log
		.warn("{} more requests passed the deadline in the last {} s", count, LOG_INTERVAL.toSeconds()));

	/**
	 * @param deadline the longest a request may take
	 * @param exceeded counts the requests that took longer
	 * @param publicServer the context whose server's requests have the deadline (the
	 * management server's context is a child of it)
	 */
	public RequestDeadlineWebFilter(Duration deadline, Counter exceeded, ApplicationContext publicServer) {
		this.deadline = deadline;
		this.exceeded = exceeded;
		this.publicServer = publicServer;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (exchange.getApplicationContext() != this.publicServer || Streams.requested(exchange)) {
			return chain.filter(exchange);
		}
		return Deadlines.within(chain.filter(exchange), this.deadline, Expired::new)
			.onErrorResume(Expired.class, (ex) -> expire(exchange));
	}

	private Mono<Void> expire(ServerWebExchange exchange) {
		this.exceeded.increment();
		boolean committed = exchange.getResponse().isCommitted();
		long suppressed = this.expiryLog.tryAcquire("deadline");
		if (suppressed >= 0) {
			log.warn("{} {} passed the deadline of {} ms (request id {}; {}; {} more in the last {} s)",
					exchange.getRequest().getMethod(), exchange.getRequest().getPath().value(),
					this.deadline.toMillis(), ErrorResponses.requestId(exchange), progress(exchange, committed),
					suppressed, LOG_INTERVAL.toSeconds());
		}
		if (committed) {
			// Half an answer cannot be taken back: end the exchange with an error,
			// and the server closes the connection, which the client sees as a cut
			// answer.
			return Mono.error(new TimeoutException("the answer had begun when the deadline passed"));
		}
		return ErrorResponses.write(exchange, HttpStatus.GATEWAY_TIMEOUT, "deadline",
				"no answer within the gateway's deadline of " + this.deadline.toMillis() + " ms");
	}

	/** How far the request got: which route, whether it was sent on, whether answered. */
	static String progress(ServerWebExchange exchange, boolean committed) {
		Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
		boolean routed = ServerWebExchangeUtils.isAlreadyRouted(exchange);
		boolean upstreamAnswered = exchange.getAttribute(ServerWebExchangeUtils.CLIENT_RESPONSE_ATTR) != null;
		return "route " + ((route != null) ? route.getId() : "none") + ", "
				+ (routed ? "sent upstream" : "not sent upstream") + ", "
				+ (upstreamAnswered ? "upstream answered" : "no upstream answer") + ", "
				+ (committed ? "answer begun" : "nothing sent");
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	/** Stops reporting expiries left out of the log (the bean's destroy method). */
	@Override
	public void close() throws Exception {
		this.expiryLogFlush.close();
	}

	/** This filter's own deadline, told apart from any timeout inside the chain. */
	private static final class Expired extends TimeoutException {

		Expired() {
			super("request deadline");
		}

	}

}
