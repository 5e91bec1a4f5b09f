package dev.gatewaykit.common.relay;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * Ed25519 relay-token keys as the properties carry them: base64 of the standard DER
 * encodings (PKCS#8 for the private key, X.509 SubjectPublicKeyInfo for the public one),
 * which is what {@code openssl genpkey -algorithm ed25519 -outform DER} writes too.
 * <p>
 * Run it to make a key pair and print the properties to set:
 * {@code java -cp kit-common.jar dev.gatewaykit.common.relay.RelayKeys [key-id]}.
 */
public final class RelayKeys {

	private RelayKeys() {
	}

	/**
	 * Decodes a base64 PKCS#8 Ed25519 private key.
	 * @throws IllegalArgumentException if it is not one
	 */
	public static PrivateKey privateKey(String base64) {
		try {
			return keyFactory().generatePrivate(new PKCS8EncodedKeySpec(decode(base64)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalArgumentException("not a base64 PKCS#8 DER Ed25519 private key", ex);
		}
	}

	/**
	 * Decodes a base64 X.509 Ed25519 public key.
	 * @throws IllegalArgumentException if it is not one
	 */
	public static PublicKey publicKey(String base64) {
		try {
			return keyFactory().generatePublic(new X509EncodedKeySpec(decode(base64)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalArgumentException("not a base64 X.509 DER Ed25519 public key", ex);
		}
	}

	/** A new random key pair. */
	public static KeyPair generate() {
		try {
			return KeyPairGenerator.getInstance(RelayTokenFormat.ALGORITHM).generateKeyPair();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Ed25519 is required by every JDK since 15", ex);
		}
	}

	/** The base64 text of a key's standard encoding, as the properties expect it. */
	public static String encode(Key key) {
		return Base64.getEncoder().encodeToString(key.getEncoded());
	}

	/**
	 * Prints a new key pair as the properties of its signer and of its verifiers.
	 * @param args the key id, {@code relay1} if none
	 */
	public static void main(String[] args) {
		String keyId = (args.length > 0) ? args[0] : "relay1";
		KeyPair pair = generate();
		System.out.println("# auth-service (keep it secret):");
		System.out.println("kit.relay.signing.key-id=" + keyId);
		System.out.println("kit.relay.signing.private-key=" + encode(pair.getPrivate()));
		System.out.println("# mall-api (public; keep the previous key listed until its tokens have expired):");
		System.out.println("kit.relay.verification.keys." + keyId + "=" + encode(pair.getPublic()));
	}

	private static byte[] decode(String base64) {
		// Tolerate the line breaks of a pasted PEM body.
		return Base64.getMimeDecoder().decode(base64);
	}

	private static KeyFactory keyFactory() throws GeneralSecurityException {
		return KeyFactory.getInstance(RelayTokenFormat.ALGORITHM);
	}

}
