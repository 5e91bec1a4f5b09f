package dev.gatewaykit.gatewaymvc.identity;

import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.gateway.core.identity.IdentityCalls;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException.Dependency;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

/**
 * A circuit breaker and a bulkhead around each of the two calls, the WebFlux gateway's
 * {@code ResilientIdentityBackend} in blocking form: the same registry names
 * ({@value IdentityUnavailableException#SESSION_STORE},
 * {@value IdentityUnavailableException#AUTH_SERVICE}) and {@code resilience4j.*}
 * configuration, the breaker inside the bulkhead (a call the bulkhead refuses never
 * counts as the dependency failing), and the same 503 for a refused call.
 * <p>
 * The bulkhead is a semaphore: with virtual threads it is what bounds the calls in flight
 * to a dependency, since nothing else does (a platform pool's size did).
 */
public final class ResilientIdentityCalls implements IdentityCalls {

	private final IdentityCalls delegate;

	private final CircuitBreaker sessionBreaker;

	private final Bulkhead sessionBulkhead;

	private final CircuitBreaker relayBreaker;

	private final Bulkhead relayBulkhead;

	private final LongAdder requests = new LongAdder();

	public ResilientIdentityCalls(IdentityCalls delegate, CircuitBreakerRegistry breakers, BulkheadRegistry bulkheads) {
		this.delegate = delegate;
		this.sessionBreaker = breakers.circuitBreaker(IdentityUnavailableException.SESSION_STORE);
		this.sessionBulkhead = bulkheads.bulkhead(IdentityUnavailableException.SESSION_STORE);
		this.relayBreaker = breakers.circuitBreaker(IdentityUnavailableException.AUTH_SERVICE);
		this.relayBulkhead = bulkheads.bulkhead(IdentityUnavailableException.AUTH_SERVICE);
	}

	/**
	 * Sessions looked up so far, one per authenticated request (shed ones included, as in
	 * the WebFlux gateway's {@code ModeSwitch}): what the bench divides CPU time by.
	 */
	public long requests() {
		return this.requests.sum();
	}

	@Override
	public Optional<Session> loadSession(String reference) {
		this.requests.increment();
		return call(Dependency.SESSION_STORE, this.sessionBreaker, this.sessionBulkhead,
				() -> this.delegate.loadSession(reference));
	}

	@Override
	public Optional<String> fetchRelayToken(String reference) {
		return call(Dependency.AUTH_SERVICE, this.relayBreaker, this.relayBulkhead,
				() -> this.delegate.fetchRelayToken(reference));
	}

	private static <T> T call(Dependency dependency, CircuitBreaker breaker, Bulkhead bulkhead, Supplier<T> call) {
		try {
			return Bulkhead.decorateSupplier(bulkhead, CircuitBreaker.decorateSupplier(breaker, call)).get();
		}
		catch (CallNotPermittedException | BulkheadFullException ex) {
			throw IdentityUnavailableException.shed(dependency, ex instanceof CallNotPermittedException, ex);
		}
	}

}
