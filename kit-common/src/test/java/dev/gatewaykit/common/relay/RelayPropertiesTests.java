package dev.gatewaykit.common.relay;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RelayPropertiesTests {

	@Test
	void defaultsToTheDevOnlySecret() {
		RelayProperties properties = bind(new MapConfigurationPropertySource());

		assertThat(properties.secret()).isEqualTo("dev-only-relay-secret-change-me-0123456789abcdef");
	}

	@Test
	void bindsASecretOfThirtyTwoBytes() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.secret", "0123456789abcdef0123456789abcdef");

		assertThat(bind(source).secret()).isEqualTo("0123456789abcdef0123456789abcdef");
	}

	@Test
	void refusesAShortSecretAtBindingNamingTheProperty() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.relay.secret", "too-short");

		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind(source))
			.havingRootCause()
			.withMessage("kit.relay.secret must be at least 32 bytes (UTF-8), was 9");
	}

	@Test
	void countsBytesNotCharacters() {
		// 16 characters, 32 bytes in UTF-8: as strong a key as 32 ASCII characters.
		assertThat(new RelayProperties("é".repeat(16)).secret()).hasSize(16);
		assertThatIllegalArgumentException().isThrownBy(() -> new RelayProperties("é".repeat(15)))
			.withMessage("kit.relay.secret must be at least 32 bytes (UTF-8), was 30");
	}

	@Test
	void refusesABlankSecret() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RelayProperties(" ".repeat(40)))
			.withMessage("kit.relay.secret must not be blank");
	}

	@Test
	void keepsTheSecretOutOfToString() {
		assertThat(new RelayProperties(RelayProperties.DEV_ONLY_SECRET)).hasToString("RelayProperties[secret=******]");
	}

	private static RelayProperties bind(MapConfigurationPropertySource source) {
		return new Binder(source).bindOrCreate("kit.relay", Bindable.of(RelayProperties.class));
	}

}
