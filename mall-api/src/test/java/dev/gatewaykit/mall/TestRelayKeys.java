package dev.gatewaykit.mall;

import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import dev.gatewaykit.common.relay.RelayTokenVerifier;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A relay key pair of the tests' own, made once per JVM: the tests sign as auth-service
 * would, and mall-api verifies with the public half only.
 */
public final class TestRelayKeys {

	public static final String KEY_ID = "test";

	private static final KeyPair PAIR = RelayKeys.generate();

	private static final RelayTokenSigner SIGNER = new RelayTokenSigner(KEY_ID, PAIR.getPrivate());

	private TestRelayKeys() {
	}

	/** Points {@code kit.relay.verification.keys} at the public key. */
	public static void register(DynamicPropertyRegistry registry) {
		registry.add("kit.relay.verification.keys." + KEY_ID, () -> RelayKeys.encode(PAIR.getPublic()));
	}

	/** Signs like auth-service does, for another audience than mall-api. */
	public static String signFor(String audience, RelayClaims claims) {
		return new RelayTokenSigner(KEY_ID, PAIR.getPrivate(), audience).sign(claims);
	}

	/** Signs like auth-service does. */
	public static String sign(RelayClaims claims) {
		return SIGNER.sign(claims);
	}

	/** A token for user 17, signed now and valid for a minute. */
	public static String validToken() {
		Instant now = Instant.now();
		return sign(new RelayClaims("17", "user0017", List.of("USER"), now, now.plusSeconds(60)));
	}

	/** A verifier as mall-api configures it, for unit tests. */
	public static RelayTokenVerifier verifier(Clock clock) {
		return new RelayTokenVerifier(Map.of(KEY_ID, PAIR.getPublic()), Duration.ofMinutes(5), clock);
	}

}
