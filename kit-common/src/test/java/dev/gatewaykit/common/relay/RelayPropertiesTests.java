package dev.gatewaykit.common.relay;

import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.RelayClaims;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Binding {@code kit.relay} as the services do: no key has a default, and a missing or
 * unreadable one fails with a message naming the property.
 */
class RelayPropertiesTests {

	private static final KeyPair PAIR = RelayKeys.generate();

	@Test
	void keysBoundFromBase64SignAndVerify() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.signing.key-id", "k1");
		source.put("kit.relay.signing.private-key", RelayKeys.encode(PAIR.getPrivate()));
		source.put("kit.relay.verification.keys.k1", RelayKeys.encode(PAIR.getPublic()));
		Binder binder = new Binder(source);

		RelayTokenSigner signer = binder.bind("kit.relay.signing", RelaySigningProperties.class).get().signer();
		RelayVerificationProperties verification = binder.bindOrCreate("kit.relay",
				Bindable.of(RelayVerificationProperties.class));
		Instant now = Instant.now();
		RelayClaims claims = new RelayClaims("1", "u", List.of(), now, now.plusSeconds(60));

		assertThat(verification.maxLifetime()).isEqualTo(Duration.ofMinutes(5));
		assertThat(verification.verifier(Clock.systemUTC()).verify(signer.sign(claims)))
			.contains(new RelayClaims("1", "u", List.of(), Instant.ofEpochSecond(now.getEpochSecond()),
					Instant.ofEpochSecond(now.plusSeconds(60).getEpochSecond())));
	}

	@Test
	void audienceDefaultsToMallApiOnBothSidesAndAVerifierRefusesAnotherAudience() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.signing.key-id", "k1");
		source.put("kit.relay.signing.private-key", RelayKeys.encode(PAIR.getPrivate()));
		source.put("kit.relay.verification.keys.k1", RelayKeys.encode(PAIR.getPublic()));
		Binder binder = new Binder(source);
		RelaySigningProperties signing = binder.bind("kit.relay.signing", RelaySigningProperties.class).get();
		RelayVerificationProperties verification = binder.bindOrCreate("kit.relay",
				Bindable.of(RelayVerificationProperties.class));
		assertThat(signing.audience()).isEqualTo("mall-api");
		assertThat(verification.verification().audience()).isEqualTo("mall-api");

		source.put("kit.relay.signing.audience", "another-service");
		RelayTokenSigner other = new Binder(source).bind("kit.relay.signing", RelaySigningProperties.class)
			.get()
			.signer();
		Instant now = Instant.now();
		String token = other.sign(new RelayClaims("1", "u", List.of(), now, now.plusSeconds(60)));

		assertThat(verification.verifier(Clock.systemUTC()).verify(token)).isEmpty();
	}

	@Test
	void missingPrivateKeyFailsNamingTheProperty() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.signing.key-id", "k1");

		assertThatExceptionOfType(BindException.class).isThrownBy(
				() -> new Binder(source).bindOrCreate("kit.relay.signing", Bindable.of(RelaySigningProperties.class)))
			.havingRootCause()
			.withMessageStartingWith("kit.relay.signing.private-key must be set");
	}

	@Test
	void unreadablePrivateKeyFailsNamingTheProperty() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.signing.key-id", "k1");
		source.put("kit.relay.signing.private-key", RelayKeys.encode(PAIR.getPublic()));

		assertThatExceptionOfType(BindException.class).isThrownBy(
				() -> new Binder(source).bindOrCreate("kit.relay.signing", Bindable.of(RelaySigningProperties.class)))
			.withStackTraceContaining("kit.relay.signing.private-key is not a base64 PKCS#8 DER Ed25519 private key");
	}

	@Test
	void missingVerificationKeysFailNamingTheProperty() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> new Binder(new MapConfigurationPropertySource()).bindOrCreate("kit.relay",
					Bindable.of(RelayVerificationProperties.class)))
			.havingRootCause()
			.withMessageStartingWith("kit.relay.verification.keys must name at least one public key");
	}

	@Test
	void keepsThePrivateKeyOutOfToString() {
		String privateKey = RelayKeys.encode(PAIR.getPrivate());
		assertThat(new RelaySigningProperties("k1", privateKey, "mall-api").toString()).doesNotContain(privateKey)
			.contains("k1");
	}

}
