package dev.gatewaykit.auth.demo;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceApplication;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.config.AuthProperties;
import dev.gatewaykit.common.relay.RelayKeys;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Finding "1000 demo users with derivable passwords in every profile": the count and the
 * seed were defaults of the properties record, so auth-service started without the demo
 * profile created {@code user0001..user1000} with passwords anyone can compute. Now there
 * are none by default, and asking for them outside the demo profile stops the start-up
 * with a report naming the property.
 */
class DemoUsersOutsideDemoTests {

	private static final String[] OWN_SECRETS = { "--kit.relay.signing.key-id=k1",
			"--kit.relay.signing.private-key=" + RelayKeys.encode(RelayKeys.generate().getPrivate()),
			"--kit.auth.gateway-client.secret=a-secret-of-our-own-0123456789" };

	@Test
	void createsNoDemoUserOutsideTheDemoProfile() {
		try (ConfigurableApplicationContext context = start()) {
			AuthProperties.DemoUsers demoUsers = context.getBean(AuthProperties.class).demoUsers();
			assertThat(demoUsers.count()).isZero();
			assertThat(demoUsers.passwordSeed()).isNull();
		}
	}

	@Test
	void refusesToStartWithDemoUsersOutsideTheDemoProfileNamingTheProperties() {
		Throwable failure = catchThrowable(
				() -> start("--kit.auth.demo-users.count=5", "--kit.auth.demo-users.password-seed=a-seed-of-our-own")
					.close());

		assertThat(failure).isNotNull()
			.hasStackTraceContaining("kit.auth.demo-users.count (5) and kit.auth.demo-users.password-seed are set, "
					+ "but the 'demo' profile is not active");
		FailureAnalysis analysis = new DemoUsersFailureAnalyzer().analyze(failure);
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains("derived from a seed");
		assertThat(analysis.getAction())
			.contains("Remove kit.auth.demo-users.count (5) and " + "kit.auth.demo-users.password-seed")
			.contains("--spring.profiles.include=demo");
	}

	@Test
	void refusesASeedAloneOutsideTheDemoProfile() {
		assertThat(catchThrowable(() -> start("--kit.auth.demo-users.password-seed=a-seed-of-our-own").close()))
			.hasStackTraceContaining("kit.auth.demo-users.password-seed is set, but the 'demo' profile is not active");
	}

	private static ConfigurableApplicationContext start(String... more) {
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.main.banner-mode=off",
				"--kit.auth.bcrypt-cost=4", "--kit.auth.demo-users.csv=target/test-kit/outside-demo-users.csv",
				"--spring.data.redis.port=" + SharedRedis.server().port()));
		args.addAll(List.of(OWN_SECRETS));
		args.addAll(List.of(more));
		return new SpringApplicationBuilder(AuthServiceApplication.class).run(args.toArray(String[]::new));
	}

}
