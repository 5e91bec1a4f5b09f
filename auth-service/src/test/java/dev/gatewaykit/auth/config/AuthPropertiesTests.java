package dev.gatewaykit.auth.config;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

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
		assertThat(properties.lockout().firstLock()).isEqualTo(Duration.ofMinutes(1));
		assertThat(properties.lockout().maxLock()).isEqualTo(Duration.ofMinutes(15));
		assertThat(properties.lockout().lockMemory()).isEqualTo(Duration.ofDays(1));
		assertThat(properties.lockout().busyWait()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.passwordChecks().concurrency()).isEqualTo(Runtime.getRuntime().availableProcessors());
		assertThat(properties.passwordChecks().maxQueued()).isEqualTo(64);
		assertThat(properties.passwordChecks().acquireTimeout()).isEqualTo(Duration.ofSeconds(2));
		assertThat(properties.gatewayClient().id()).isEqualTo("gateway");
		assertThat(properties.gatewayClient().secret()).as("no working secret outside the demo profile").isNull();
		assertThat(properties.demoUsers().count()).as("no demo users outside the demo profile").isZero();
		assertThat(properties.demoUsers().passwordSeed()).as("no known seed outside the demo profile").isNull();
		assertThat(properties.demoUsers().csv()).isEqualTo(Path.of("target/kit/demo-users.csv"));
	}

	@Test
	void refusesDemoUsersWithoutASeed() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.auth.demo-users.count", "10");

		assertThatException()
			.isThrownBy(() -> new Binder(source).bindOrCreate("kit.auth", Bindable.of(AuthProperties.class)))
			.withStackTraceContaining("kit.auth.demo-users.password-seed must be set");
	}

	@Test
	void bindsKebabCaseNestedProperties() {
		MapConfigurationPropertySource source = new MapConfigurationPropertySource();
		source.put("kit.auth.lockout.first-lock", "1s");
		source.put("kit.auth.session.idle-timeout", "5m");

		AuthProperties properties = new Binder(source).bindOrCreate("kit.auth", Bindable.of(AuthProperties.class));

		assertThat(properties.lockout().firstLock()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.session().idleTimeout()).isEqualTo(Duration.ofMinutes(5));
		assertThat(properties.lockout().maxFailures()).as("untouched defaults stay").isEqualTo(5);
	}

}
