package dev.gatewaykit.gateway;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.demo.DemoValues;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Finding "working secrets by default": the gateway presented a built-in client secret to
 * auth-service, the same default auth-service accepted, so a deployment that forgot to
 * set it let anyone who read the source fetch relay tokens for any user. Now there is no
 * default, and the demo secret is refused outside the demo profile.
 */
class DemoProfileSecurityTests {

	private static final String CLIENT_SECRET = "kit.gateway.auth-service.client-secret";

	@Test
	void refusesToStartWithoutAClientSecret() {
		assertThatException().isThrownBy(() -> start(Stream.empty()))
			.withStackTraceContaining("authService.clientSecret")
			.withStackTraceContaining("must not be blank");
	}

	@Test
	void refusesToStartWithTheDemoClientSecretOutsideTheDemoProfile() {
		Stream<String> demoValues = DemoValues.of(new ClassPathResource(DemoValues.FILE))
			.entrySet()
			.stream()
			.map((demo) -> "--" + demo.getKey() + "=" + demo.getValue());

		assertThatException().isThrownBy(() -> start(demoValues))
			.withStackTraceContaining(CLIENT_SECRET + " has the public value of application-demo.yml, "
					+ "but the 'demo' profile is not active");
	}

	/**
	 * Starts the gateway the way the integration tests do, but with {@code secrets}
	 * instead of their client secret.
	 */
	private static void start(Stream<String> secrets) {
		List<String> args = Stream
			.concat(GatewayIntegrationTestSupport.arguments()
				.stream()
				.filter((argument) -> !argument.startsWith("--" + CLIENT_SECRET + "=")), secrets)
			.toList();
		// Reached only if the gateway started, which is the failure: close it again.
		new SpringApplicationBuilder(GatewayApplication.class).run(args.toArray(String[]::new)).close();
	}

}
