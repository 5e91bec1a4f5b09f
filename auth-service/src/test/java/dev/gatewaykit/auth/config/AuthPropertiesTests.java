package dev.gatewaykit.auth.config;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The defaults are part of the contract in docs/design.md; the gateway and mall-api rely
 * on some of them.
 */
class AuthPropertiesTests {

	private final Binder binder = new Binder(new MapConfigurationPropertySource());

	@Test
	void defaultsMatchTheDesign() {
		AuthProperties properties = this.binder.bindOrCreate("kit.auth", Bindable.of(AuthProperties.class));

		assertThat(properties.bcryptCost()).isEqualTo(10);
		assertThat(properties.relayTokenTtl()).isEqualTo(Duration.ofSeconds(60));
		assertThat(properties.session().idleTimeout()).isEqualTo(Duration.ofMinutes(30));
		assertThat(properties.session().maxLifetime()).isEqualTo(Duration.ofHours(8));
		assertThat(properties.lockout().maxFailures()).isEqualTo(5);
		assertThat(properties.lockout().window()).isEqualTo(Duration.ofMinutes(15));
		assertThat(properties.lockout().duration()).isEqualTo(Duration.ofMinutes(15));
		assertThat(properties.lockout().resetFlushInterval()).isEqualTo(Duration.ofMillis(200));
		assertThat(properties.lockout().resetBatchSize()).isEqualTo(256);
		assertThat(properties.gatewayClient().id()).isEqualTo("gateway");
		assertThat(properties.gatewayClient().secret()).as("no working secret outside the demo profile").isNull();
		assertThat(properties.demoUsers().count()).isEqualTo(1000);
		assertThat(properties.demoUsers().csv()).isEqualTo(Path.of("target/kit/demo-users.csv"));
	}

	@Test
	void bindsKebabCaseNestedProperties() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.auth.lockout.reset-flush-interval", "1s");
		source.put("kit.auth.session.idle-timeout", "5m");

		AuthProperties properties = new Binder(source).bindOrCreate("kit.auth", Bindable.of(AuthProperties.class));

		assertThat(properties.lockout().resetFlushInterval()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.session().idleTimeout()).isEqualTo(Duration.ofMinutes(5));
		assertThat(properties.lockout().maxFailures()).as("untouched defaults stay").isEqualTo(5);
	}

}
