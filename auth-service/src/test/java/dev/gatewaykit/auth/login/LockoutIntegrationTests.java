package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@AuthServiceIntegrationTest
class LockoutIntegrationTests {

	private final RedisServer redis = SharedRedis.server();

	@Autowired
	private WebTestClient client;

	@Autowired
	private ReactiveStringRedisTemplate template;

	@Test
	void locksAccountAfterFiveFailures() {
		DemoUser user = TestDemoUsers.user(6);
		for (int failure = 1; failure <= 4; failure++) {
			login(user.username(), "wrong-" + failure).expectStatus().isUnauthorized();
		}
		StepVerifier.create(this.template.opsForValue().get("kit:login:failures:" + user.username()))
			.expectNext("4")
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		login(user.username(), "wrong-5").expectStatus()
			.isEqualTo(HttpStatus.LOCKED)
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("account_locked");

		String retryAfter = login(user.username(), user.password()).expectStatus()
			.isEqualTo(HttpStatus.LOCKED)
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":423,"error":"account_locked"}""")
			.returnResult()
			.getResponseHeaders()
			.getFirst(HttpHeaders.RETRY_AFTER);
		assertThat(Long.parseLong(retryAfter)).isBetween(1L, Duration.ofMinutes(15).toSeconds());
		long lockMillis = Long.parseLong(this.redis.command("PTTL kit:login:locked:" + user.username()).substring(1));
		assertThat(lockMillis).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(15).toMillis());
	}

	@Test
	void failureCounterExpiresWithTheWindow() {
		DemoUser user = TestDemoUsers.user(7);
		login(user.username(), "wrong").expectStatus().isUnauthorized();

		long ttlMillis = Long.parseLong(this.redis.command("PTTL kit:login:failures:" + user.username()).substring(1));
		assertThat(ttlMillis).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(15).toMillis());
	}

	@Test
	void successfulLoginClearsFailureCounter() {
		DemoUser user = TestDemoUsers.user(8);
		login(user.username(), "wrong-1").expectStatus().isUnauthorized();
		login(user.username(), "wrong-2").expectStatus().isUnauthorized();
		assertThat(this.redis.command("EXISTS kit:login:failures:" + user.username())).isEqualTo(":1");

		login(user.username(), user.password()).expectStatus().isOk();

		// Cleared in the background, within a flush interval or so.
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(this.redis.command("EXISTS kit:login:failures:" + user.username()))
				.isEqualTo(":0"));
	}

	@Test
	void failuresAfterAClearedCounterStartANewSeries() {
		DemoUser user = TestDemoUsers.user(9);
		for (int failure = 1; failure <= 4; failure++) {
			login(user.username(), "wrong-" + failure).expectStatus().isUnauthorized();
		}
		login(user.username(), user.password()).expectStatus().isOk();
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(this.redis.command("EXISTS kit:login:failures:" + user.username()))
				.isEqualTo(":0"));

		login(user.username(), "wrong-again").expectStatus().isUnauthorized();
		login(user.username(), user.password()).expectStatus().isOk();
	}

	@Test
	void locksUnknownUserNamesToo() {
		// Otherwise "never locks" would tell an attacker the name does not exist.
		String username = "no-such-user-for-lockout";
		for (int failure = 1; failure <= 4; failure++) {
			login(username, "guess-" + failure).expectStatus().isUnauthorized();
		}
		login(username, "guess-5").expectStatus().isEqualTo(HttpStatus.LOCKED);
	}

	private WebTestClient.ResponseSpec login(String username, String password) {
		return this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", username, "password", password))
			.exchange();
	}

}
