package dev.gatewaykit.common.relay;

import java.security.PrivateKey;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The key auth-service signs relay tokens with, under {@code kit.relay.signing}. There is
 * no default: a key everyone can read is no key. The {@code demo} profile's
 * {@code application-demo.yml} has one for laptops, refused everywhere else (see
 * {@link dev.gatewaykit.common.demo.DemoValues}); {@link RelayKeys} makes a real one.
 * <p>
 * Checked in the constructor, so that a missing or unreadable key fails the binding at
 * start-up with a message naming the property.
 *
 * @param keyId the key's id, written into every token so that verifiers pick the matching
 * public key
 * @param privateKey the Ed25519 private key, base64 of its PKCS#8 DER encoding
 * @param audience the service the tokens are for, written into every token; its verifier
 * ({@code kit.relay.verification.audience}) refuses tokens for another
 */
@ConfigurationProperties("kit.relay.signing")
public record RelaySigningProperties(@Nullable String keyId, @Nullable String privateKey,
		@DefaultValue(RelayTokenFormat.DEFAULT_AUDIENCE) String audience) {

	public RelaySigningProperties {
		if (keyId == null || keyId.isBlank()) {
			throw new IllegalArgumentException("kit.relay.signing.key-id must be set: the id verifiers know the "
					+ "public key by (java -cp kit-common.jar " + RelayKeys.class.getName() + " makes a key pair)");
		}
		if (privateKey == null || privateKey.isBlank()) {
			throw new IllegalArgumentException("kit.relay.signing.private-key must be set: base64 of a PKCS#8 DER "
					+ "Ed25519 private key (java -cp kit-common.jar " + RelayKeys.class.getName()
					+ " makes a key pair)");
		}
		if (audience == null || audience.isBlank()) {
			throw new IllegalArgumentException("kit.relay.signing.audience must not be blank");
		}
		try {
			RelayKeys.privateKey(privateKey);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("kit.relay.signing.private-key is " + ex.getMessage(), ex);
		}
	}

	/** A signer with this key. */
	public RelayTokenSigner signer() {
		// Both are non-null once constructed.
		PrivateKey key = RelayKeys.privateKey(Objects.requireNonNull(this.privateKey));
		return new RelayTokenSigner(Objects.requireNonNull(this.keyId), key, this.audience);
	}

	@Override
	public String toString() {
		// Keep the key out of logs, failure reports and the actuator's configprops
		// output.
		return "RelaySigningProperties[keyId=" + this.keyId + ", privateKey=******, audience=" + this.audience + "]";
	}

}
