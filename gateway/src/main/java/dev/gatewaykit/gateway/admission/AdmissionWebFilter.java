package dev.gatewaykit.gateway.admission;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import com.netflix.concurrency.limits.Limiter;
import dev.gatewaykit.gateway.web.ErrorResponses;
import dev.gatewaykit.gateway.web.OncePerInterval;
import dev.gatewaykit.gateway.web.Streams;
import io.micrometer.core.instrument.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.PathContainer;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Admits a request only while the gateway is under its concurrency limit, before any
 * filter calls Redis or auth-service; past it, answers 503 at once with
 * {@code Retry-After}. A refusal costs microseconds; a request admitted into a queue
 * costs its whole path's CPU and then, as often as not, times out anyway: that is how the
 * template holds its goodput past capacity where the incident's gateway collapsed.
 * <p>
 * Each admitted request's response time is a sample of the limit's algorithm, except
 * where it says nothing about this gateway's queueing: a client that went away, a 503
 * (the gateway shed the request itself, in a breaker or a bulkhead, in microseconds), or
 * a path whose time is a slow backend's by design and bounded there ({@code
 * unsampledPaths}: the login, a BCrypt check queued behind auth-service's hashing
 * bulkhead; measured, the bench's 150 logins at its start shrank the limit below the
 * users browsing after them, who were then refused for a minute). Those are admitted and
 * counted in flight like any other.
 * <p>
 * Only once the gateway is ready ({@code ready}): before that, the only traffic is the
 * gateway's own warm-up (docs/production-template.md), which must neither be refused nor
 * teach the limit the response times of an idle gateway (measured: a limit that learned
 * them shrank under the first real load, three times the warm-up's, and refused 8.6 % of
 * a fresh gateway's first minute at 75 % of its knee).
 * <p>
 * Only the public server's requests: the management server's child context runs its
 * parent's web filters too, and its health probes and scrapes must answer whatever the
 * load (a liveness probe refused under load restarts a gateway that was only busy).
 */
public final class AdmissionWebFilter implements WebFilter, Ordered, AutoCloseable {

	/**
	 * After the path hygiene check (a malformed path is refused whatever the load) and
	 * the server observation (a refusal is counted in {@code http.server.requests}).
	 */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

	/** One refusal line per this interval; the others are counted. */
	static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

	private static final Logger log = LoggerFactory.getLogger(AdmissionWebFilter.class);

	private final Limiter<Void> limiter;

	private final Counter refused;

	private final String retryAfterSeconds;

	private final OncePerInterval refusalLog = new OncePerInterval(LOG_INTERVAL, System::nanoTime);

	private final AutoCloseable refusalLogFlush = this.refusalLog.flushEvery((key, count) -> log
		.warn("At the concurrency limit, {} more refused in the last {} s", count, LOG_INTERVAL.toSeconds()));

	private final ApplicationContext publicServer;

	private final List<PathPattern> unsampledPaths;

	private final BooleanSupplier ready;

	/**
	 * @param limiter the concurrency limit
	 * @param refused counts the refusals
	 * @param retryAfter what a refused client is told to wait, rounded up to whole
	 * seconds
	 * @param publicServer the context whose server's requests are limited (the management
	 * server's context is a child of it)
	 * @param unsampledPaths the paths admitted and limited whose response times are not
	 * samples
	 * @param ready whether the gateway has said it is ready for traffic
	 */
	public AdmissionWebFilter(Limiter<Void> limiter, Counter refused, Duration retryAfter,
			ApplicationContext publicServer, List<String> unsampledPaths, BooleanSupplier ready) {
		this.ready = ready;
		this.publicServer = publicServer;
		this.unsampledPaths = unsampledPaths.stream().map(PathPatternParser.defaultInstance::parse).toList();
		this.limiter = limiter;
		this.refused = refused;
		this.retryAfterSeconds = String.valueOf(Math.max(1, (retryAfter.toMillis() + 999) / 1000));
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (exchange.getApplicationContext() != this.publicServer || !this.ready.getAsBoolean()) {
			return chain.filter(exchange);
		}
		Optional<Limiter.Listener> admitted = this.limiter.acquire(null);
		if (admitted.isEmpty()) {
			return refuse(exchange);
		}
		Limiter.Listener listener = admitted.get();
		if (Streams.requested(exchange)) {
			// Checked at the door, then no place held: a stream would hold one for
			// as long as it lives, and its duration would read as the gateway's
			// latency.
			listener.onIgnore();
			return chain.filter(exchange);
		}
		boolean sampled = sampled(exchange);
		return chain.filter(exchange).doFinally((signal) -> release(listener, sampled, signal, exchange));
	}

	/** On every admitted request: a plain loop, no stream built per request. */
	private boolean sampled(ServerWebExchange exchange) {
		PathContainer path = exchange.getRequest().getPath().pathWithinApplication();
		for (PathPattern pattern : this.unsampledPaths) {
			if (pattern.matches(path)) {
				return false;
			}
		}
		return true;
	}

	private static void release(Limiter.Listener listener, boolean sampled, SignalType signal,
			ServerWebExchange exchange) {
		HttpStatusCode status = exchange.getResponse().getStatusCode();
		if (!sampled || signal == SignalType.CANCEL
				|| (status != null && status.value() == HttpStatus.SERVICE_UNAVAILABLE.value())) {
			listener.onIgnore();
		}
		else {
			listener.onSuccess();
		}
	}

	private Mono<Void> refuse(ServerWebExchange exchange) {
		this.refused.increment();
		long suppressed = this.refusalLog.tryAcquire("limit");
		if (suppressed >= 0) {
			log.warn("At the concurrency limit, answering 503 (request id {}; {} more refused in the last {} s)",
					ErrorResponses.requestId(exchange), suppressed, LOG_INTERVAL.toSeconds());
		}
		exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, this.retryAfterSeconds);
		return ErrorResponses.write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "overloaded",
				"the gateway is at its concurrency limit; retry after the time in Retry-After");
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	/** Stops reporting refusals left out of the log (the bean's destroy method). */
	@Override
	public void close() throws Exception {
		this.refusalLogFlush.close();
	}

}
