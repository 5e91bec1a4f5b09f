package dev.gatewaykit.auth.login;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceApplication;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs a context of its own, because the test is about closing it.
 */
class FailureResetsOnShutdownIntegrationTests {

	private final RedisServer redis = SharedRedis.server();

	@Test
	void flushesPendingResetsWhenTheContextCloses() {
		DemoUser user = TestDemoUsers.user(29);
		String failures = "kit:login:failures:" + user.username();
		// Command-line arguments, because builder properties would lose to
		// application.yml.
		ConfigurableApplicationContext context = new SpringApplicationBuilder(AuthServiceApplication.class).run(
				"--server.port=0", "--spring.main.banner-mode=off", "--spring.profiles.include=demo",
				"--spring.data.redis.port=" + this.redis.port(), "--kit.auth.bcrypt-cost=4",
				"--kit.auth.demo-users.count=" + TestDemoUsers.COUNT,
				"--kit.auth.demo-users.csv=target/test-kit/shutdown-demo-users.csv",
				// Never flushed in the background during the test: only the shutdown can
				// clear the counter.
				"--kit.auth.lockout.reset-flush-interval=1h", "--kit.auth.lockout.reset-batch-size=1000");
		try {
			assertThat(this.redis.command("SET " + failures + " 3 EX 900")).isEqualTo("+OK");
			WebTestClient client = WebTestClient.bindToServer()
				.baseUrl("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"))
				.build();
			client.post()
				.uri("/oauth/token")
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(Map.of("username", user.username(), "password", user.password()))
				.exchange()
				.expectStatus()
				.isOk();

			assertThat(context.getBean(FailureCounterResets.class).pendingCount()).isEqualTo(1);
			assertThat(this.redis.command("EXISTS " + failures)).as("still pending before shutdown").isEqualTo(":1");
		}
		finally {
			context.close();
		}
		assertThat(this.redis.command("EXISTS " + failures)).as("cleared by the shutdown flush").isEqualTo(":0");
	}

}
