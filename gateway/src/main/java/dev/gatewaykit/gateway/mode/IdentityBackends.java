package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import java.time.Duration;
import java.util.Map;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.core.relay.RelayCodec;
import dev.gatewaykit.gateway.core.session.SessionCodec;

import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Builds one backend per {@link ExecutionMode}, all over the same Redis connection and
 * the same auth-service.
 */
public final class IdentityBackends {

	private IdentityBackends() {
	}

	/**
	 * @param blocking the blocking calls the three blocking modes share
	 * @param reactiveRedis the reactive mode's Redis client, over the same connection
	 * factory as {@code blocking}'s
	 * @param sessions how the reactive mode reads a session (the blocking calls have
	 * their own, the same)
	 * @param idleTimeout the session TTL the reactive mode sets on every hit
	 * @param authService the reactive mode's client for auth-service, with its base URL
	 * @param relay how the reactive mode writes and reads the relay call's bodies
	 */
	public static Map<ExecutionMode, IdentityBackend> all(BlockingIdentityCalls blocking,
			ReactiveStringRedisTemplate reactiveRedis, SessionCodec sessions, Duration idleTimeout,
			WebClient authService, RelayCodec relay) {
		return Map.of(ExecutionMode.BLOCKING, new BlockingIdentityBackend(blocking), //
				ExecutionMode.PUBLISH_ON, new PublishOnIdentityBackend(blocking), //
				ExecutionMode.BOUNDED_ELASTIC, new BoundedElasticIdentityBackend(blocking), //
				ExecutionMode.REACTIVE,
				new ReactiveIdentityBackend(reactiveRedis, sessions, idleTimeout, authService, relay));
	}

}
