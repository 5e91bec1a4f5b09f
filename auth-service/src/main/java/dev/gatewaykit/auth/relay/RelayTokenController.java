package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.auth.web.InvalidRequestException;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /oauth/relay-token}: signs a short-lived relay token for the user the
 * gateway names. Only the gateway may call it (see
 * {@link dev.gatewaykit.auth.security.SecurityConfiguration}).
 * <p>
 * The gateway calls this once per proxied request, so it is kept cheap: no Redis, no
 * BCrypt, one Ed25519 signature. It runs on the event loop, which is fine for some tens
 * of microseconds of work.
 */
@RestController
class RelayTokenController {

	private final RelayTokenSigner signer;

	private final Clock clock;

	private final Duration ttl;

	RelayTokenController(RelayTokenSigner signer, Clock clock, AuthProperties properties) {
		this.signer = signer;
		this.clock = clock;
		this.ttl = properties.relayTokenTtl();
	}

	@PostMapping(RelayTokenEndpoint.PATH)
	RelayTokenResponse relayToken(@RequestBody RelayTokenRequest request) {
		List<String> missing = request.missingFields();
		if (!missing.isEmpty()) {
			throw new InvalidRequestException("missing or blank: " + String.join(", ", missing));
		}
		// missingFields() is empty, so none of the three is null.
		Instant now = this.clock.instant();
		RelayClaims claims = new RelayClaims(Objects.requireNonNull(request.userId()),
				Objects.requireNonNull(request.username()), Objects.requireNonNull(request.roles()), now,
				now.plus(this.ttl));
		return new RelayTokenResponse(this.signer.sign(claims), this.ttl.toSeconds());
	}

}
