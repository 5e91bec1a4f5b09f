package dev.gatewaykit.gateway.session;

import java.time.Duration;

import reactor.core.publisher.Mono;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * <strong>The fix</strong>: the same Redis GET + EXPIRE through {@link ReactiveStringRedisTemplate} and the same
 * relay POST through {@link WebClient}. No thread waits for a reply; the event loop that sent a command is free to
 * serve other connections until the reply arrives, so throughput is bound by CPU, not by
 * {@code threads / latency}.
 */
final class ReactiveIdentityBackend implements IdentityBackend {

	private final ReactiveStringRedisTemplate redis;

	private final WebClient auth;

	private final IdentityCodec codec;

	private final Duration idleTimeout;

	ReactiveIdentityBackend(ReactiveStringRedisTemplate redis, WebClient auth, IdentityCodec codec,
			Duration idleTimeout) {
		this.redis = redis;
		this.auth = auth;
		this.codec = codec;
		this.idleTimeout = idleTimeout;
	}

	@Override
	public Mono<Session> loadSession(String token) {
		String key = SessionKeys.of(token);
		return this.redis.opsForValue()
			.get(key)
			.flatMap((value) -> this.redis.expire(key, this.idleTimeout).thenReturn(value))
			.mapNotNull(this.codec::parseSession)
			.onErrorMap(DataAccessException.class, IdentityUnavailableException::sessionStore);
	}

	@Override
	public Mono<String> fetchRelayToken(Session session) {
		return this.auth.post()
			.uri("/oauth/relay-token")
			.header(HttpHeaders.AUTHORIZATION, this.codec.basicAuthorization())
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(this.codec.relayRequestBody(session))
			.exchangeToMono((response) -> (response.statusCode().value() == 200)
					? response.bodyToMono(byte[].class).defaultIfEmpty(new byte[0])
					: response.releaseBody()
						.then(Mono.error(new IllegalStateException("auth-service answered " + response.statusCode().value()))))
			.map(this.codec::relayToken)
			.onErrorMap((ex) -> !(ex instanceof IdentityUnavailableException), IdentityUnavailableException::authService);
	}

}
