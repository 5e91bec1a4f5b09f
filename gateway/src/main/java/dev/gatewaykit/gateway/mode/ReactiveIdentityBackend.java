package dev.gatewaykit.gateway.mode;

import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import java.time.Duration;

import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.relay.RelayCodec;
import dev.gatewaykit.gateway.core.session.SessionCodec;
import reactor.core.publisher.Mono;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * <strong>The fix</strong>: the same Redis GET + EXPIRE through
 * {@link ReactiveStringRedisTemplate} and the same relay POST through {@link WebClient}.
 * No thread waits for a reply; the event loop that sent a command is free to serve other
 * connections until the reply arrives, so throughput is bound by CPU, not by
 * {@code threads / latency}.
 */
final class ReactiveIdentityBackend implements IdentityBackend {

	private final ReactiveStringRedisTemplate redis;

	private final SessionCodec sessions;

	private final Duration idleTimeout;

	private final WebClient authService;

	private final RelayCodec relay;

	ReactiveIdentityBackend(ReactiveStringRedisTemplate redis, SessionCodec sessions, Duration idleTimeout,
			WebClient authService, RelayCodec relay) {
		this.redis = redis;
		this.sessions = sessions;
		this.idleTimeout = idleTimeout;
		this.authService = authService;
		this.relay = relay;
	}

	@Override
	public Mono<Session> loadSession(String reference) {
		String key = SessionKeys.ofReference(reference);
		return this.redis.opsForValue()
			.get(key)
			.flatMap((value) -> this.redis.expire(key, this.idleTimeout).thenReturn(value))
			.flatMap((value) -> Mono.justOrEmpty(this.sessions.parse(value)))
			.onErrorMap(DataAccessException.class, IdentityUnavailableException::sessionStore);
	}

	@Override
	public Mono<String> fetchRelayToken(String reference) {
		return this.authService.post()
			.uri(RelayTokenEndpoint.PATH)
			.header(HttpHeaders.AUTHORIZATION, this.relay.basicAuthorization())
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(this.relay.requestBody(reference))
			.exchangeToMono((response) -> switch (response.statusCode().value()) {
				case 200 -> response.bodyToMono(byte[].class).defaultIfEmpty(new byte[0]);
				case RelayCodec.NO_SUCH_SESSION -> response.releaseBody().then(Mono.empty());
				default -> response.releaseBody()
					.then(Mono
						.error(new IllegalStateException("auth-service answered " + response.statusCode().value())));
			})
			.map(this.relay::relayToken)
			.onErrorMap((ex) -> !(ex instanceof IdentityUnavailableException),
					IdentityUnavailableException::authService);
	}

}
