package dev.gatewaykit.common.relay;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Objects;

import dev.gatewaykit.common.RelayClaims;

/**
 * Signs relay tokens with an Ed25519 private key: auth-service's half. Only the holder of
 * the private key can mint a token; mall-api holds public keys alone
 * ({@link RelayTokenVerifier}), so a compromised mall-api cannot impersonate anyone.
 * Thread-safe.
 */
public final class RelayTokenSigner {

	private final String keyId;

	private final PrivateKey key;

	/**
	 * @param keyId names the key in every token, so that verifiers pick the matching
	 * public key (several at once during a rotation)
	 * @param key an Ed25519 private key ({@link RelayKeys#privateKey(String)})
	 */
	public RelayTokenSigner(String keyId, PrivateKey key) {
		this.keyId = Objects.requireNonNull(keyId, "keyId");
		this.key = Objects.requireNonNull(key, "key");
	}

	public String sign(RelayClaims claims) {
		String payload = RelayTokenFormat.payload(this.keyId, claims);
		try {
			// Signature objects are stateful; one per token keeps this class thread-safe.
			Signature signature = Signature.getInstance(RelayTokenFormat.ALGORITHM);
			signature.initSign(this.key);
			signature.update(RelayTokenFormat.signedBytes(payload));
			return RelayTokenFormat.VERSION + "." + payload + "." + RelayTokenFormat.base64(signature.sign());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Ed25519 is required by every JDK since 15", ex);
		}
	}

	/** The key id written into each token. */
	public String keyId() {
		return this.keyId;
	}

}
