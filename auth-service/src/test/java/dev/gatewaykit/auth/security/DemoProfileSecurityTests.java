package dev.gatewaykit.auth.security;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceApplication;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.common.demo.DemoValues;
import dev.gatewaykit.common.relay.RelayKeys;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Finding "working secrets by default": auth-service started with a built-in relay secret
 * and gateway client secret, so a deployment that forgot to set them ran with values
 * anyone can read. Now neither has a default, and the demo profile's values are refused
 * outside that profile; each failure names the property.
 */
class DemoProfileSecurityTests {

	private static final String REAL_PRIVATE_KEY = RelayKeys.encode(RelayKeys.generate().getPrivate());

	@Test
	void refusesToStartWithoutAGatewayClientSecret() {
		assertThatException()
			.isThrownBy(
					() -> start("--kit.relay.signing.key-id=k1", "--kit.relay.signing.private-key=" + REAL_PRIVATE_KEY))
			.withStackTraceContaining("gatewayClient.secret");
	}

	@Test
	void refusesToStartWithoutARelaySigningKey() {
		assertThatException().isThrownBy(() -> start("--kit.auth.gateway-client.secret=a-secret-of-our-own"))
			.withStackTraceContaining("kit.relay.signing.key-id must be set");
	}

	@Test
	void refusesToStartWithTheDemoValuesOutsideTheDemoProfile() {
		List<String> demoValues = new ArrayList<>();
		DemoValues.of(new ClassPathResource(DemoValues.FILE))
			.forEach((name, value) -> demoValues.add("--" + name + "=" + value));

		assertThatException().isThrownBy(() -> start(demoValues.toArray(String[]::new)))
			.withStackTraceContaining("kit.relay.signing.key-id, kit.relay.signing.private-key, "
					+ "kit.auth.gateway-client.secret, kit.auth.demo-users.count, kit.auth.demo-users.password-seed "
					+ "have the public value of application-demo.yml, but the 'demo' profile is not active");
	}

	private static void start(String... secrets) {
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.main.banner-mode=off",
				"--spring.data.redis.port=" + SharedRedis.server().port()));
		args.addAll(List.of(secrets));
		// A real Redis, so that nothing but the secrets can stop the start-up. Reached
		// only
		// if the service started, which is the failure: close it again.
		new SpringApplicationBuilder(AuthServiceApplication.class).run(args.toArray(String[]::new)).close();
	}

}
