package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException.Dependency;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.reactor.bulkhead.operator.BulkheadOperator;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import reactor.core.publisher.Mono;

/**
 * A circuit breaker and a bulkhead around each of the two dependency calls, for every
 * execution mode at once: it decorates the {@link ModeSwitch}, so no mode has a copy.
 * <p>
 * Why: a dependency that is down makes every request wait its full timeout, holding a
 * connection, a permit of the relay pool or (in the blocking modes) a thread the whole
 * time. Once half of the recent calls fail, the breaker opens and requests are refused at
 * once with 503 until a few trial calls succeed again; the bulkhead bounds how many calls
 * may be in flight to one dependency, so a slow one cannot take every connection with it
 * (in the bounded-elastic mode it is also what bounds the pool's otherwise 100 000-task
 * queue). Refused calls fail with {@link IdentityUnavailableException#shed}.
 * <p>
 * The breakers and bulkheads come from the Resilience4j registries that Spring Cloud
 * CircuitBreaker's Resilience4j starter sets up and uses itself (configured under
 * {@code resilience4j.circuitbreaker.instances.<name>} and
 * {@code resilience4j.bulkhead.instances.<name>}, names {@value #SESSION_STORE} and
 * {@value #AUTH_SERVICE}), which also export their state to Micrometer
 * ({@code resilience4j_circuitbreaker_state}). They are looked up once and applied with
 * Resilience4j's Reactor operators rather than through
 * {@code ReactiveCircuitBreaker.run}, which on every call looks the breaker up again,
 * builds a tag map and adds a {@code Mono.timeout} (whose per-subscription cost
 * {@link ModeSwitch} avoids on purpose; the deadline is ModeSwitch's).
 */
public final class ResilientIdentityBackend implements IdentityBackend {

	/** The name of the session store's circuit breaker and bulkhead. */
	public static final String SESSION_STORE = IdentityUnavailableException.SESSION_STORE;

	/** The name of the relay call's circuit breaker and bulkhead. */
	public static final String AUTH_SERVICE = IdentityUnavailableException.AUTH_SERVICE;

	private final IdentityBackend delegate;

	private final CircuitBreakerOperator<Session> sessionBreaker;

	private final BulkheadOperator<Session> sessionBulkhead;

	private final CircuitBreakerOperator<String> relayBreaker;

	private final BulkheadOperator<String> relayBulkhead;

	public ResilientIdentityBackend(IdentityBackend delegate, CircuitBreakerRegistry breakers,
			BulkheadRegistry bulkheads) {
		this.delegate = delegate;
		this.sessionBreaker = CircuitBreakerOperator.of(breakers.circuitBreaker(SESSION_STORE));
		this.sessionBulkhead = BulkheadOperator.of(bulkheads.bulkhead(SESSION_STORE));
		this.relayBreaker = CircuitBreakerOperator.of(breakers.circuitBreaker(AUTH_SERVICE));
		this.relayBulkhead = BulkheadOperator.of(bulkheads.bulkhead(AUTH_SERVICE));
	}

	/**
	 * The breaker inside the bulkhead: a call the bulkhead refuses never reaches the
	 * breaker, so a burst the gateway sheds does not count as the dependency failing.
	 */
	@Override
	public Mono<Session> loadSession(String reference) {
		return this.delegate.loadSession(reference)
			.transform(this.sessionBreaker)
			.transform(this.sessionBulkhead)
			.onErrorMap(ResilientIdentityBackend::isRefusal, (ex) -> refused(Dependency.SESSION_STORE, ex));
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return this.delegate.fetchRelayToken(reference)
			.transform(this.relayBreaker)
			.transform(this.relayBulkhead)
			.onErrorMap(ResilientIdentityBackend::isRefusal, (ex) -> refused(Dependency.AUTH_SERVICE, ex));
	}

	private static boolean isRefusal(Throwable ex) {
		return ex instanceof CallNotPermittedException || ex instanceof BulkheadFullException;
	}

	private static IdentityUnavailableException refused(Dependency dependency, Throwable ex) {
		return IdentityUnavailableException.shed(dependency, ex instanceof CallNotPermittedException, ex);
	}

}
