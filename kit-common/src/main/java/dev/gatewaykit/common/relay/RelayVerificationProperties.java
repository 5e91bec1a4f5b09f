package dev.gatewaykit.common.relay;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What mall-api verifies relay tokens with, under {@code kit.relay}: public keys only, so
 * that a verifier can never mint a token. There is no default key; the {@code demo}
 * profile has the demo one.
 * <p>
 * Checked in the constructor, so that a missing or unreadable key fails the binding at
 * start-up with a message naming the property.
 *
 * @param verification the public keys tokens may be signed with
 * @param maxLifetime the longest a token may have been signed to live
 * ({@code exp - iat}); longer ones are refused however valid their signature
 */
@ConfigurationProperties("kit.relay")
public record RelayVerificationProperties(@DefaultValue Verification verification,
		@DefaultValue("5m") Duration maxLifetime) {

	public RelayVerificationProperties {
		if (maxLifetime.isNegative() || maxLifetime.isZero()) {
			throw new IllegalArgumentException("kit.relay.max-lifetime must be positive, was " + maxLifetime);
		}
	}

	/** A verifier with these keys. */
	public RelayTokenVerifier verifier(Clock clock) {
		Map<String, PublicKey> keys = new LinkedHashMap<>();
		this.verification.keys().forEach((id, key) -> keys.put(id, RelayKeys.publicKey(key)));
		return new RelayTokenVerifier(keys, this.maxLifetime, clock, this.verification.audience());
	}

	/**
	 * @param keys the Ed25519 public keys by key id, each base64 of its X.509 DER
	 * encoding; list the next key here before auth-service signs with it, and drop the
	 * previous one once its last tokens have expired
	 * @param audience the audience a token must name to be accepted here: this service's,
	 * as auth-service's {@code kit.relay.signing.audience} writes it
	 */
	public record Verification(@Nullable Map<String, String> keys,
			@DefaultValue(RelayTokenFormat.DEFAULT_AUDIENCE) String audience) {

		public Verification {
			if (keys == null || keys.isEmpty()) {
				throw new IllegalArgumentException("kit.relay.verification.keys must name at least one public key "
						+ "(kit.relay.verification.keys.<key-id>=<base64 X.509 DER Ed25519 public key>)");
			}
			keys.forEach((id, key) -> {
				try {
					RelayKeys.publicKey(key);
				}
				catch (IllegalArgumentException ex) {
					throw new IllegalArgumentException("kit.relay.verification.keys." + id + " is " + ex.getMessage(),
							ex);
				}
			});
			keys = Map.copyOf(keys);
			if (audience == null || audience.isBlank()) {
				throw new IllegalArgumentException("kit.relay.verification.audience must not be blank");
			}
		}

		@Override
		public Map<String, String> keys() {
			// Never null once constructed.
			return (this.keys != null) ? this.keys : Map.of();
		}

	}

}
