package dev.gatewaykit.system;

import java.security.KeyPair;

import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;

/**
 * The relay key pair of the system tests' services, made once per JVM: auth-service signs
 * with the private half, mall-api verifies with the public half, and the tests sign
 * tokens of their own with it to reach mall-api directly.
 */
final class TestRelayKeys {

	static final String KEY_ID = "system-tests";

	private static final KeyPair PAIR = RelayKeys.generate();

	private TestRelayKeys() {
	}

	/** {@code kit.relay.signing.private-key}. */
	static String privateKey() {
		return RelayKeys.encode(PAIR.getPrivate());
	}

	/** {@code kit.relay.verification.keys.<KEY_ID>}. */
	static String publicKey() {
		return RelayKeys.encode(PAIR.getPublic());
	}

	/** Signs as the tests' auth-service does. */
	static RelayTokenSigner signer() {
		return new RelayTokenSigner(KEY_ID, PAIR.getPrivate());
	}

}
