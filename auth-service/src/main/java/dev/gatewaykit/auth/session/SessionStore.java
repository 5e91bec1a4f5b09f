package dev.gatewaykit.auth.session;

import java.time.Clock;
import java.time.Duration;

import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.user.UserAccount;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;

import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Writes login sessions where the gateway looks for them: {@link SessionKeys
 * kit:session:{token}}, a JSON {@link Session} whose TTL is the idle timeout (the gateway
 * extends it on every request) and whose {@code expiresAt} is the absolute limit.
 */
@Component
public class SessionStore {

	private final ReactiveStringRedisTemplate redis;

	private final JsonMapper json;

	private final SessionTokenGenerator tokens;

	private final Clock clock;

	private final AuthProperties.Session settings;

	private final Duration timeout;

	public SessionStore(ReactiveStringRedisTemplate redis, JsonMapper json, SessionTokenGenerator tokens, Clock clock,
			AuthProperties properties) {
		this.redis = redis;
		this.json = json;
		this.tokens = tokens;
		this.clock = clock;
		this.settings = properties.session();
		this.timeout = properties.redisTimeout();
	}

	/** Stores a new session for {@code user} and emits its token. */
	public Mono<String> create(UserAccount user) {
		return Mono.defer(() -> {
			long now = this.clock.millis();
			Session session = new Session(user.id(), user.username(), user.roles(), now,
					now + this.settings.maxLifetime().toMillis());
			String token = this.tokens.next();
			return this.redis.opsForValue()
				.set(SessionKeys.of(token), this.json.writeValueAsString(session), this.settings.idleTimeout())
				.timeout(this.timeout)
				.flatMap((stored) -> stored ? Mono.just(token)
						: Mono.error(new IllegalStateException("Redis did not store the session")));
		});
	}

	/**
	 * How long a new session lives without use: what a token response reports as
	 * {@code expires_in}.
	 */
	public Duration idleTimeout() {
		return this.settings.idleTimeout();
	}

}
