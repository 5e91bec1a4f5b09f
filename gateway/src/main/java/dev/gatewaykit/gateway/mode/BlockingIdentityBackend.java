package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.common.session.Session;
import reactor.core.publisher.Mono;

/**
 * <strong>The bug this kit reproduces</strong> (a production token-relay filter that
 * called Redis and its token service synchronously; RuoYi-Cloud's {@code AuthFilter} does
 * the same). The blocking calls run on whatever thread subscribes, and in a gateway
 * filter that is a Reactor Netty event-loop thread ({@code reactor-http-epoll-N}).
 * <p>
 * What is wrong: the event loop is parked for the whole Redis round trip and the whole
 * auth-service call. A gateway has only {@code max(cores, 4)} event loops, and each of
 * them also serves hundreds of other connections, so throughput is capped at
 * {@code loops / blocked time per request} — 4 loops / 53 ms ≈ 75 requests/s, the
 * production figure — however many cores or clients there are. Everything queued behind a
 * parked loop waits, so latency climbs to seconds and nginx starts timing out. Raising
 * {@code reactor.netty.ioWorkerCount} (200 was tried in production) only moves the cap:
 * there it merely delayed the collapse.
 *
 * @see PublishOnIdentityBackend the fix used in production, which is worse on a small
 * machine
 * @see BoundedElasticIdentityBackend the textbook offload
 * @see ReactiveIdentityBackend the fix
 */
final class BlockingIdentityBackend implements IdentityBackend {

	private final BlockingIdentityCalls calls;

	BlockingIdentityBackend(BlockingIdentityCalls calls) {
		this.calls = calls;
	}

	@Override
	public Mono<Session> loadSession(String reference) {
		return Mono.defer(() -> Mono.justOrEmpty(this.calls.loadSession(reference)));
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return Mono.defer(() -> Mono.justOrEmpty(this.calls.fetchRelayToken(reference)));
	}

}
