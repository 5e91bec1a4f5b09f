package dev.gatewaykit.extensions.audit;

import reactor.core.publisher.Mono;

import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

/**
 * The fix: the same {@code LPUSH} and {@code LTRIM} with
 * {@link ReactiveStringRedisTemplate}, returned as a {@code Mono} that the filter chains
 * before the rest of the chain. Nothing waits on a thread: the event loop writes the
 * command and goes on serving other connections, and the request resumes when Redis
 * answers.
 *
 * @see BlockingAuditLog the mistake this fixes
 */
final class ReactiveAuditLog implements AuditLog {

	private final ReactiveStringRedisTemplate redis;

	private final AuditProperties properties;

	ReactiveAuditLog(ReactiveStringRedisTemplate redis, AuditProperties properties) {
		this.redis = redis;
		this.properties = properties;
	}

	@Override
	public Mono<Void> append(String entry) {
		return this.redis.opsForList()
			.leftPush(this.properties.key(), entry)
			.then(this.redis.opsForList().trim(this.properties.key(), 0, this.properties.maxEntries() - 1))
			.then();
	}

}
