package dev.gatewaykit.launcher.stack;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.nginx.NginxConfig.ClientLimits;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every gateway the kit starts ({@code ./kit up}, bench, soak, chaos, a user's
 * {@code --gateway-jar}, the system tests) comes from {@link KitServices#gateway}: it
 * must get the bench's login limit, the numbers nginx is rendered with, since the
 * gateway's own defaults are production's (one login a second per client) and the bench
 * logs in 100 users from 127.0.0.1.
 */
class KitServicesTests {

	@Test
	void givesEveryGatewayTheBenchsLoginLimit() {
		List<String> command = KitServices
			.gateway(Path.of("gateway.jar"), "gateway-1", 6379, URI.create("http://127.0.0.1:8081"),
					Path.of("target/gateway-1.log"))
			.command();

		assertThat(command).contains(
				"--kit.gateway.login-rate-limit.replenish-rate=" + ClientLimits.BENCH.loginsPerSecond(),
				"--kit.gateway.login-rate-limit.burst-capacity=" + ClientLimits.BENCH.loginBurst());
		assertThat(ClientLimits.BENCH.loginsPerSecond()).isEqualTo(10);
		assertThat(ClientLimits.BENCH.loginBurst()).isEqualTo(200);
	}

	/**
	 * A user's {@code --gateway-arg} for the same key wins, alone: two values of one key
	 * would reach the gateway as "200,5", which no number binds to.
	 */
	@Test
	void aGatewayArgumentReplacesTheBenchsLoginLimit() {
		List<String> command = KitServices
			.gateway(Path.of("gateway.jar"), "gateway-1", 6379, URI.create("http://127.0.0.1:8081"),
					Path.of("target/gateway-1.log"))
			.argument("--kit.gateway.login-rate-limit.burst-capacity=5")
			.command();

		assertThat(command).filteredOn((argument) -> argument.startsWith("--kit.gateway.login-rate-limit."))
			.containsExactly("--kit.gateway.login-rate-limit.replenish-rate=" + ClientLimits.BENCH.loginsPerSecond(),
					"--kit.gateway.login-rate-limit.burst-capacity=5");
	}

	/**
	 * gateway-mvc runs on the JDK 21+ it is given (virtual threads), with every other
	 * setting a WebFlux gateway gets; the other services keep this JVM's java.
	 */
	@Test
	void runsAGatewayOnTheJavaItIsGiven() {
		Path java21 = Path.of("/opt/jdk-25/bin/java");
		List<String> command = KitServices
			.gateway(Path.of("gateway-mvc.jar"), "gateway-1", 6379, URI.create("http://127.0.0.1:8081"),
					Path.of("target/gateway-1.log"))
			.java(java21)
			.command();
		List<String> plain = KitServices
			.gateway(Path.of("gateway.jar"), "gateway-1", 6379, URI.create("http://127.0.0.1:8081"),
					Path.of("target/gateway-1.log"))
			.command();

		assertThat(command.get(0)).isEqualTo(java21.toString());
		assertThat(plain.get(0)).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		assertThat(command).contains("--spring.profiles.include=" + KitServices.DEMO_PROFILE,
				"--spring.data.redis.port=6379", "--kit.gateway.auth-service.url=http://127.0.0.1:8081");
	}

}
