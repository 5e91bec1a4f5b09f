package dev.gatewaykit.auth.relay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import dev.gatewaykit.common.session.Session;

/**
 * The relay tokens auth-service has signed, per session reference, handed out again while
 * at least half of their life is left. The gateway asks for one per proxied request, and
 * an Ed25519 signature in the JDK costs hundreds of microseconds of CPU (the bench
 * measured auth-service's CPU per request going from ~300 µs with an HMAC to ~1 150 µs
 * when every request was signed afresh); a token found here costs neither a signature nor
 * a Redis read. A token handed out twice is the same bearer credential for the same
 * session, valid no longer than it was signed for; the half-life rule keeps every answer
 * good for at least {@code ttl / 2}.
 * <p>
 * Entries leave at half their token's life, or least recently used first past
 * {@link #MAX_REMEMBERED} sessions: never all at once.
 */
final class IssuedRelayTokens {

	/** At most this many sessions' tokens are remembered. */
	static final int MAX_REMEMBERED = 10_000;

	private final Cache<String, Issued> issued;

	private final RelayTokenSigner signer;

	private final Clock clock;

	private final Duration ttl;

	IssuedRelayTokens(RelayTokenSigner signer, Clock clock, Duration ttl) {
		this(signer, clock, ttl, MAX_REMEMBERED);
	}

	IssuedRelayTokens(RelayTokenSigner signer, Clock clock, Duration ttl, int maxRemembered) {
		this.signer = signer;
		this.clock = clock;
		this.ttl = ttl;
		this.issued = Caffeine.newBuilder()
			.maximumSize(maxRemembered)
			.expireAfterWrite(ttl.dividedBy(2))
			// Housekeeping on the calling thread: amortised and small.
			.executor(Runnable::run)
			.build();
	}

	/**
	 * The token already signed for this session, if it has at least half its life left.
	 */
	Optional<RelayTokenResponse> remembered(String reference) {
		Issued known = this.issued.getIfPresent(reference);
		if (known == null) {
			return Optional.empty();
		}
		Duration left = Duration.between(this.clock.instant(), known.expiresAt());
		if (left.compareTo(this.ttl.dividedBy(2)) < 0) {
			return Optional.empty();
		}
		return Optional.of(new RelayTokenResponse(known.token(), left.toSeconds()));
	}

	/** Signs a token for the identity of this session, and remembers it. */
	RelayTokenResponse issue(String reference, Session session) {
		Instant now = this.clock.instant();
		RelayClaims claims = new RelayClaims(session.userId(), session.username(), session.roles(), now,
				now.plus(this.ttl));
		String token = this.signer.sign(claims);
		this.issued.put(reference, new Issued(token, claims.expiresAt()));
		return new RelayTokenResponse(token, this.ttl.toSeconds());
	}

	long remembered() {
		this.issued.cleanUp();
		return this.issued.estimatedSize();
	}

	private record Issued(String token, Instant expiresAt) {
	}

}
