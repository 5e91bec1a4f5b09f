package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;

/**
 * The relay tokens auth-service has signed, per identity, handed out again while at least
 * half of their life is left. The gateway asks for one per proxied request, and an
 * Ed25519 signature in the JDK costs hundreds of microseconds of CPU (the bench measured
 * auth-service's CPU per request going from ~300 µs with an HMAC to ~1 150 µs when every
 * request was signed afresh). A token handed out twice is the same bearer credential for
 * the same identity, valid no longer than it was signed for; the half-life rule keeps
 * every answer good for at least {@code ttl / 2}.
 */
final class IssuedRelayTokens {

	/**
	 * Bounds the memory: at most this many identities are remembered; when full it is
	 * emptied (the next requests sign again).
	 */
	static final int MAX_REMEMBERED = 10_000;

	private final Map<Identity, Issued> issued = new ConcurrentHashMap<>();

	private final RelayTokenSigner signer;

	private final Clock clock;

	private final Duration ttl;

	private final int maxRemembered;

	IssuedRelayTokens(RelayTokenSigner signer, Clock clock, Duration ttl) {
		this(signer, clock, ttl, MAX_REMEMBERED);
	}

	IssuedRelayTokens(RelayTokenSigner signer, Clock clock, Duration ttl, int maxRemembered) {
		this.signer = signer;
		this.clock = clock;
		this.ttl = ttl;
		this.maxRemembered = maxRemembered;
	}

	RelayTokenResponse issue(String userId, String username, List<String> roles) {
		Instant now = this.clock.instant();
		Identity identity = new Identity(userId, username, List.copyOf(roles));
		Issued known = this.issued.get(identity);
		if (known != null) {
			Duration left = Duration.between(now, known.expiresAt());
			if (left.compareTo(this.ttl.dividedBy(2)) >= 0) {
				return new RelayTokenResponse(known.token(), left.toSeconds());
			}
		}
		RelayClaims claims = new RelayClaims(userId, username, identity.roles(), now, now.plus(this.ttl));
		String token = this.signer.sign(claims);
		if (this.issued.size() >= this.maxRemembered) {
			this.issued.clear();
		}
		this.issued.put(identity, new Issued(token, claims.expiresAt()));
		return new RelayTokenResponse(token, this.ttl.toSeconds());
	}

	int remembered() {
		return this.issued.size();
	}

	private record Identity(String userId, String username, List<String> roles) {
	}

	private record Issued(String token, Instant expiresAt) {
	}

}
