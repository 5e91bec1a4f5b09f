package dev.gatewaykit.common.relay;

import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
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

	/** Bytes of randomness in each token's id. */
	private static final int TOKEN_ID_BYTES = 16;

	private final String keyId;

	private final PrivateKey key;

	private final String audience;

	private final SecureRandom random;

	/**
	 * A signer for the default audience, {@code mall-api}.
	 * @param keyId names the key in every token, so that verifiers pick the matching
	 * public key (several at once during a rotation)
	 * @param key an Ed25519 private key ({@link RelayKeys#privateKey(String)})
	 */
	public RelayTokenSigner(String keyId, PrivateKey key) {
		this(keyId, key, RelayTokenFormat.DEFAULT_AUDIENCE);
	}

	/**
	 * @param keyId names the key in every token, so that verifiers pick the matching
	 * public key (several at once during a rotation)
	 * @param key an Ed25519 private key ({@link RelayKeys#privateKey(String)})
	 * @param audience the service the tokens are for; its verifier refuses tokens for
	 * another
	 */
	public RelayTokenSigner(String keyId, PrivateKey key, String audience) {
		this.keyId = Objects.requireNonNull(keyId, "keyId");
		this.key = Objects.requireNonNull(key, "key");
		this.audience = Objects.requireNonNull(audience, "audience");
		try {
			// DRBG rather than the platform default (NativePRNG), which reads
			// /dev/urandom on every call: once seeded, DRBG is pure computation, so a
			// token can be signed on an event loop without file I/O.
			this.random = SecureRandom.getInstance("DRBG");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("DRBG is required by every JDK since 9", ex);
		}
		// Seed now rather than on the first token.
		this.random.nextBytes(new byte[TOKEN_ID_BYTES]);
	}

	/** Signs the claims, for this signer's audience, under a new random token id. */
	public String sign(RelayClaims claims) {
		byte[] tokenId = new byte[TOKEN_ID_BYTES];
		this.random.nextBytes(tokenId);
		String payload = RelayTokenFormat.payload(this.keyId, this.audience, RelayTokenFormat.base64(tokenId), claims);
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

	/** The audience written into each token. */
	public String audience() {
		return this.audience;
	}

}
