package dev.gatewaykit.extensions.audit;

import reactor.core.publisher.Mono;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * <strong>The mistake the kit exists to catch</strong>, made in a filter of one's own:
 * the audit write with the synchronous {@link StringRedisTemplate}, right in the filter.
 * <p>
 * What is wrong: a gateway filter runs on a Reactor Netty event loop
 * ({@code reactor-http-epoll-N}), and this parks it for two Redis round trips per
 * request. The gateway has only {@code max(cores, 4)} event loops and each of them serves
 * hundreds of connections, so every other request on a parked loop waits: throughput is
 * capped at {@code loops / blocked time per request} (4 loops and 2 × 0.5 ms of round
 * trips: 4 000 requests/s, however many cores), and a Redis that stalls for a second
 * stalls the whole gateway for a second. Returning {@link Mono#empty()} does not make it
 * reactive: by the time the {@code Mono} exists the write is done, on the loop.
 * <p>
 * With {@code kit.diagnostics.block-hound=true} the gateway names the two lines of
 * {@link #append} as the call sites of its blocking calls.
 *
 * @see ReactiveAuditLog the fix
 */
final class BlockingAuditLog implements AuditLog {

	private final StringRedisTemplate redis;

	private final AuditProperties properties;

	BlockingAuditLog(StringRedisTemplate redis, AuditProperties properties) {
		this.redis = redis;
		this.properties = properties;
	}

	@Override
	public Mono<Void> append(String entry) {
		// Each call parks the calling thread, an event loop, until Redis answers.
		this.redis.opsForList().leftPush(this.properties.key(), entry);
		this.redis.opsForList().trim(this.properties.key(), 0, this.properties.maxEntries() - 1);
		return Mono.empty();
	}

}
