package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.common.session.Session;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * <strong>The textbook offload</strong>: the same blocking calls wrapped in
 * {@code Mono.fromSupplier(...)} and subscribed on {@code Schedulers.boundedElastic()},
 * the scheduler Reactor provides for blocking work.
 * <p>
 * What is still limited: every in-flight request holds a pool thread for its whole
 * blocked time, so throughput is capped at {@code pool size / blocked time per request} —
 * by default {@code 10 × cores} = 20 threads on 2 cores, 20 / 53 ms ≈ 377 requests/s.
 * Past that, work waits in the pool's queue (100 000 tasks by default) and latency grows.
 * Fine for a slow dependency with no reactive client; a ceiling for a hot path.
 *
 * @see ReactiveIdentityBackend the fix, which holds no thread while waiting
 */
final class BoundedElasticIdentityBackend implements IdentityBackend {

	private final BlockingIdentityCalls calls;

	private final Scheduler scheduler;

	BoundedElasticIdentityBackend(BlockingIdentityCalls calls) {
		this(calls, Schedulers.boundedElastic());
	}

	BoundedElasticIdentityBackend(BlockingIdentityCalls calls, Scheduler scheduler) {
		this.calls = calls;
		this.scheduler = scheduler;
	}

	@Override
	public Mono<Session> loadSession(String reference) {
		return Mono.defer(() -> Mono.justOrEmpty(this.calls.loadSession(reference))).subscribeOn(this.scheduler);
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return Mono.defer(() -> Mono.justOrEmpty(this.calls.fetchRelayToken(reference))).subscribeOn(this.scheduler);
	}

}
