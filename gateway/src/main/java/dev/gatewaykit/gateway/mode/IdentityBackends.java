package dev.gatewaykit.gateway.session;

import java.time.Duration;
import java.util.Map;

import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/** Builds one backend per {@link ExecutionMode}, all over the same Redis connection and the same auth-service. */
public final class IdentityBackends {

	private IdentityBackends() {
	}

	public static Map<ExecutionMode, IdentityBackend> all(BlockingIdentityCalls blocking,
			ReactiveStringRedisTemplate reactiveRedis, WebClient auth, IdentityCodec codec, Duration idleTimeout) {
		return Map.of(ExecutionMode.BLOCKING, new BlockingIdentityBackend(blocking), //
				ExecutionMode.PUBLISH_ON, new PublishOnIdentityBackend(blocking), //
				ExecutionMode.BOUNDED_ELASTIC, new BoundedElasticIdentityBackend(blocking), //
				ExecutionMode.REACTIVE, new ReactiveIdentityBackend(reactiveRedis, auth, codec, idleTimeout));
	}

}
