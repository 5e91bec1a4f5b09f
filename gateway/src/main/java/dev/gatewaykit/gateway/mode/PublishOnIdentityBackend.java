package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.common.session.Session;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * <strong>The fix used in production</strong>: hop to {@code Schedulers.parallel()} with
 * {@code publishOn}, then make the same blocking calls. It frees the event loop, which is
 * why it looked like a cure in production.
 * <p>
 * What is wrong: {@code parallel()} is sized to the CPU count and is meant for
 * non-blocking CPU work — Reactor marks its threads non-blocking, and BlockHound flags
 * this mode for that reason. Blocking there caps throughput at
 * {@code cores / blocked time per request}: on 2 cores that is 2 / 53 ms ≈ 38 requests/s,
 * <em>worse</em> than the bug it replaced (4 event loops). It also starves every other
 * user of {@code parallel()} (timeouts, delays).
 *
 * @see BoundedElasticIdentityBackend the offload that uses the scheduler meant for
 * blocking work
 * @see ReactiveIdentityBackend the fix
 */
final class PublishOnIdentityBackend implements IdentityBackend {

	private final BlockingIdentityCalls calls;

	private final Scheduler scheduler;

	PublishOnIdentityBackend(BlockingIdentityCalls calls) {
		this(calls, Schedulers.parallel());
	}

	PublishOnIdentityBackend(BlockingIdentityCalls calls, Scheduler scheduler) {
		this.calls = calls;
		this.scheduler = scheduler;
	}

	@Override
	public Mono<Session> loadSession(String reference) {
		return Mono.just(reference)
			.publishOn(this.scheduler)
			.flatMap((published) -> Mono.justOrEmpty(this.calls.loadSession(published)));
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return Mono.just(reference)
			.publishOn(this.scheduler)
			.flatMap((published) -> Mono.justOrEmpty(this.calls.fetchRelayToken(published)));
	}

}
