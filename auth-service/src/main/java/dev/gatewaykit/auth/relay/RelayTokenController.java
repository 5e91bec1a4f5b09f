package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.time.Duration;

import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.RelayTokenCodec;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /oauth/relay-token}: signs a short-lived relay token for the user the gateway names. Only the gateway
 * may call it (see {@link dev.gatewaykit.auth.security.SecurityConfiguration}).
 * <p>
 * The gateway calls this once per proxied request, so it is kept cheap: no Redis, no BCrypt, one HMAC. It runs
 * on the event loop, which is fine for a few microseconds of work.
 */
@RestController
class RelayTokenController {

	static final String PATH = "/oauth/relay-token";

	private final RelayTokenCodec codec;

	private final Clock clock;

	private final Duration ttl;

	RelayTokenController(RelayTokenCodec codec, Clock clock, AuthProperties properties) {
		this.codec = codec;
		this.clock = clock;
		this.ttl = properties.relayTokenTtl();
	}

	@PostMapping(PATH)
	RelayTokenResponse relayToken(@RequestBody RelayTokenRequest request) {
		RelayTokenRequest valid = request.validated();
		RelayClaims claims = new RelayClaims(valid.userId(), valid.username(), valid.roles(),
				this.clock.instant().plus(this.ttl));
		return new RelayTokenResponse(this.codec.sign(claims), this.ttl.toSeconds());
	}

}
