package dev.gatewaykit.common.relay;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.common.RelayClaims;

/**
 * Verifies relay tokens with Ed25519 public keys: mall-api's half. It holds no private
 * key, so it can check tokens but never mint one.
 * <p>
 * A token is accepted only if both its parts are canonical base64url, its key id names
 * one of the configured keys (several during a rotation), its signature verifies with
 * that key, it names this verifier's audience and carries a token id, it has not expired,
 * it was not issued more than {@link #ALLOWED_CLOCK_SKEW} in the future, and it was not
 * signed to live longer than the configured maximum: a leaked signer misconfigured to
 * mint day-long tokens is refused here rather than trusted for a day. Thread-safe.
 */
public final class RelayTokenVerifier {

	/**
	 * How far auth-service's clock may run ahead of this one; a token issued further in
	 * the future was not signed now.
	 */
	public static final Duration ALLOWED_CLOCK_SKEW = Duration.ofSeconds(30);

	/**
	 * At most this many verified tokens are remembered; past it, the least recently used
	 * are dropped one by one (never the whole cache at once, which would send every token
	 * of a busy minute back to a full verification together).
	 */
	static final int MAX_REMEMBERED = 10_000;

	private final Map<String, PublicKey> keys;

	private final Duration maxLifetime;

	private final Clock clock;

	private final String audience;

	/**
	 * Tokens whose signature has verified, with their claims, each until its own expiry.
	 * An Ed25519 verification in the JDK costs hundreds of microseconds of CPU (the bench
	 * measured mall-api's CPU per request going from ~250 µs with an HMAC to ~1 100 µs),
	 * and a relay token is presented many times within its life, so each is verified
	 * once. Only tokens that verified get in (a forger cannot fill it), keyed by the
	 * whole token, which has one spelling (other bytes are another entry, and
	 * non-canonical base64url is refused before the cache), and expiry is still checked
	 * on every use.
	 */
	private final Cache<String, RelayClaims> verified;

	/**
	 * A verifier for the default audience, {@code mall-api}.
	 * @param keys the public keys by key id
	 * @param maxLifetime the longest a token may have been signed to live
	 * ({@code exp - iat})
	 */
	public RelayTokenVerifier(Map<String, PublicKey> keys, Duration maxLifetime, Clock clock) {
		this(keys, maxLifetime, clock, RelayTokenFormat.DEFAULT_AUDIENCE);
	}

	/**
	 * @param keys the public keys by key id
	 * @param maxLifetime the longest a token may have been signed to live
	 * ({@code exp - iat})
	 * @param audience the audience a token must name: this service's
	 */
	public RelayTokenVerifier(Map<String, PublicKey> keys, Duration maxLifetime, Clock clock, String audience) {
		this(keys, maxLifetime, clock, audience, MAX_REMEMBERED);
	}

	RelayTokenVerifier(Map<String, PublicKey> keys, Duration maxLifetime, Clock clock, String audience,
			int maxRemembered) {
		if (keys.isEmpty()) {
			throw new IllegalArgumentException("at least one verification key is required");
		}
		this.keys = Map.copyOf(keys);
		this.maxLifetime = maxLifetime;
		this.clock = clock;
		this.audience = audience;
		this.verified = Caffeine.newBuilder()
			.maximumSize(maxRemembered)
			.expireAfter(Expiry.<String, RelayClaims>creating((token, claims) -> timeLeft(claims)))
			// Housekeeping on the calling thread: it is amortised and small, and keeps
			// the common ForkJoinPool out of a servlet request.
			.executor(Runnable::run)
			.build();
	}

	/**
	 * Returns the claims of a well-formed, correctly signed, currently valid token; empty
	 * for anything else. Never throws on bad input: a forged token is an expected event,
	 * not an error.
	 */
	public Optional<RelayClaims> verify(@Nullable String token) {
		if (token == null) {
			return Optional.empty();
		}
		RelayClaims remembered = this.verified.getIfPresent(token);
		if (remembered != null) {
			return Optional.of(remembered).filter(this::isCurrent);
		}
		Optional<RelayClaims> claims = verifySignature(token).filter(this::isCurrent);
		claims.ifPresent((current) -> this.verified.put(token, current));
		return claims;
	}

	private Optional<RelayClaims> verifySignature(String token) {
		String[] parts = token.split("\\.", -1);
		if (parts.length != 3 || !RelayTokenFormat.VERSION.equals(parts[0])) {
			return Optional.empty();
		}
		Optional<Map<String, String>> fields = RelayTokenFormat.fields(parts[1]);
		Optional<byte[]> signature = RelayTokenFormat.decode(parts[2]);
		if (fields.isEmpty() || signature.isEmpty()) {
			return Optional.empty();
		}
		String keyId = fields.get().get("kid");
		PublicKey key = (keyId != null) ? this.keys.get(keyId) : null;
		if (key == null || !signatureMatches(key, parts[1], signature.get())) {
			return Optional.empty();
		}
		String tokenId = fields.get().get("jti");
		if (!this.audience.equals(fields.get().get("aud")) || tokenId == null || tokenId.isBlank()) {
			return Optional.empty();
		}
		return RelayTokenFormat.claims(fields.get());
	}

	/** How many verified tokens are remembered now. */
	long remembered() {
		this.verified.cleanUp();
		return this.verified.estimatedSize();
	}

	private Duration timeLeft(RelayClaims claims) {
		Duration left = Duration.between(this.clock.instant(), claims.expiresAt());
		return left.isNegative() ? Duration.ZERO : left;
	}

	private boolean isCurrent(RelayClaims claims) {
		Instant now = this.clock.instant();
		return claims.expiresAt().isAfter(now) && !claims.issuedAt().isAfter(now.plus(ALLOWED_CLOCK_SKEW))
				&& Duration.between(claims.issuedAt(), claims.expiresAt()).compareTo(this.maxLifetime) <= 0;
	}

	private static boolean signatureMatches(PublicKey key, String payload, byte[] presented) {
		try {
			Signature signature = Signature.getInstance(RelayTokenFormat.ALGORITHM);
			signature.initVerify(key);
			signature.update(RelayTokenFormat.signedBytes(payload));
			return signature.verify(presented);
		}
		catch (SignatureException ex) {
			// Not an Ed25519 signature's shape: forged.
			return false;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Ed25519 is required by every JDK since 15", ex);
		}
	}

}
