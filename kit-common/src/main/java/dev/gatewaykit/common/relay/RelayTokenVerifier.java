package dev.gatewaykit.common.relay;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.common.RelayClaims;

/**
 * Verifies relay tokens with Ed25519 public keys: mall-api's half. It holds no private
 * key, so it can check tokens but never mint one.
 * <p>
 * A token is accepted only if its key id names one of the configured keys (several during
 * a rotation), its signature verifies with that key, it has not expired, it was not
 * issued more than {@link #ALLOWED_CLOCK_SKEW} in the future, and it was not signed to
 * live longer than the configured maximum: a leaked signer misconfigured to mint day-long
 * tokens is refused here rather than trusted for a day. Thread-safe.
 */
public final class RelayTokenVerifier {

	/**
	 * How far auth-service's clock may run ahead of this one; a token issued further in
	 * the future was not signed now.
	 */
	public static final Duration ALLOWED_CLOCK_SKEW = Duration.ofSeconds(30);

	private final Map<String, PublicKey> keys;

	private final Duration maxLifetime;

	private final Clock clock;

	/**
	 * @param keys the public keys by key id
	 * @param maxLifetime the longest a token may have been signed to live
	 * ({@code exp - iat})
	 */
	public RelayTokenVerifier(Map<String, PublicKey> keys, Duration maxLifetime, Clock clock) {
		if (keys.isEmpty()) {
			throw new IllegalArgumentException("at least one verification key is required");
		}
		this.keys = Map.copyOf(keys);
		this.maxLifetime = maxLifetime;
		this.clock = clock;
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
		String[] parts = token.split("\\.", -1);
		if (parts.length != 3 || !RelayTokenFormat.VERSION.equals(parts[0])) {
			return Optional.empty();
		}
		Optional<Map<String, String>> fields = RelayTokenFormat.fields(parts[1]);
		if (fields.isEmpty()) {
			return Optional.empty();
		}
		String keyId = fields.get().get("kid");
		PublicKey key = (keyId != null) ? this.keys.get(keyId) : null;
		if (key == null || !signatureMatches(key, parts[1], parts[2])) {
			return Optional.empty();
		}
		return RelayTokenFormat.claims(fields.get()).filter(this::isCurrent);
	}

	private boolean isCurrent(RelayClaims claims) {
		Instant now = this.clock.instant();
		return claims.expiresAt().isAfter(now) && !claims.issuedAt().isAfter(now.plus(ALLOWED_CLOCK_SKEW))
				&& Duration.between(claims.issuedAt(), claims.expiresAt()).compareTo(this.maxLifetime) <= 0;
	}

	private static boolean signatureMatches(PublicKey key, String payload, String presented) {
		try {
			Signature signature = Signature.getInstance(RelayTokenFormat.ALGORITHM);
			signature.initVerify(key);
			signature.update(RelayTokenFormat.signedBytes(payload));
			return signature.verify(Base64.getUrlDecoder().decode(presented));
		}
		catch (IllegalArgumentException | SignatureException ex) {
			// Not base64, or not an Ed25519 signature's shape: forged.
			return false;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Ed25519 is required by every JDK since 15", ex);
		}
	}

}
