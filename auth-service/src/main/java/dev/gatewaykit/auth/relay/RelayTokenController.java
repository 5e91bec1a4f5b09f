package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.session.SessionStore;
import dev.gatewaykit.auth.web.InvalidRequestException;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code POST /oauth/relay-token}: a short-lived relay token for the session the gateway
 * names by its reference, signed with the identity stored in that session, never one the
 * caller names. Only the gateway may call it (see
 * {@link dev.gatewaykit.auth.security.SecurityConfiguration}). A session that does not
 * exist, is not a session's JSON, or is past its maximum lifetime is answered 404.
 * <p>
 * The gateway calls this once per proxied request, so it is kept cheap: no BCrypt, and a
 * Redis read and an Ed25519 signature only when the session has no token with half its
 * life left ({@link IssuedRelayTokens}). A token remembered for a session revoked a
 * moment ago is harmless: the gateway reads the session from Redis on every request
 * before it asks for a relay token, so a revoked session's request is refused there and
 * never gets here.
 */
@RestController
class RelayTokenController {

	private final IssuedRelayTokens tokens;

	private final SessionStore sessions;

	RelayTokenController(RelayTokenSigner signer, Clock clock, AuthProperties properties, SessionStore sessions) {
		this.tokens = new IssuedRelayTokens(signer, clock, properties.relayTokenTtl());
		this.sessions = sessions;
	}

	@PostMapping(RelayTokenEndpoint.PATH)
	Mono<RelayTokenResponse> relayToken(@RequestBody RelayTokenRequest request) {
		List<String> problems = request.problems();
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(String.join("; ", problems));
		}
		// problems() is empty, so the reference is there and well formed.
		String reference = Objects.requireNonNull(request.session());
		return this.tokens.remembered(reference)
			.map(Mono::just)
			.orElseGet(() -> this.sessions.find(reference)
				.map((session) -> this.tokens.issue(reference, session))
				.switchIfEmpty(Mono.error(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no such session"))));
	}

}
