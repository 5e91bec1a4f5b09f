package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.web.InvalidRequestException;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /oauth/relay-token}: a short-lived relay token for the user the gateway
 * names. Only the gateway may call it (see
 * {@link dev.gatewaykit.auth.security.SecurityConfiguration}).
 * <p>
 * The gateway calls this once per proxied request, so it is kept cheap: no Redis, no
 * BCrypt, and an Ed25519 signature only when the identity has no token with half its life
 * left ({@link IssuedRelayTokens}).
 */
@RestController
class RelayTokenController {

	private final IssuedRelayTokens tokens;

	RelayTokenController(RelayTokenSigner signer, Clock clock, AuthProperties properties) {
		this.tokens = new IssuedRelayTokens(signer, clock, properties.relayTokenTtl());
	}

	@PostMapping(RelayTokenEndpoint.PATH)
	RelayTokenResponse relayToken(@RequestBody RelayTokenRequest request) {
		List<String> missing = request.missingFields();
		if (!missing.isEmpty()) {
			throw new InvalidRequestException("missing or blank: " + String.join(", ", missing));
		}
		// missingFields() is empty, so none of the three is null.
		return this.tokens.issue(Objects.requireNonNull(request.userId()), Objects.requireNonNull(request.username()),
				Objects.requireNonNull(request.roles()));
	}

}
