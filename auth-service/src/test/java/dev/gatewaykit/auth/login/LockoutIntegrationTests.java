package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.TestLogins;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Findings "a right password locks its own user out" (six parallel correct logins were
 * answered {@code 423 200 200 200 200 200}: a success kept its reservation until a
 * batched reset) and "anyone can lock any account" (the lockout was keyed by user name
 * alone). Now only failures count, per (user, client address), with growing locks.
 */
@AuthServiceIntegrationTest
class LockoutIntegrationTests {

	private static final String CLIENT_A = "192.0.2.10";

	private static final String CLIENT_B = "198.51.100.20";

	private final RedisServer redis = SharedRedis.server();

	@Autowired
	private WebTestClient client;

	@Test
	void sixParallelCorrectLoginsOfOneUserAllSucceed() throws Exception {
		DemoUser user = TestDemoUsers.user(6);

		List<Integer> statuses = parallel(6, (i) -> login(user.username(), user.password(), null));

		assertThat(statuses).containsOnly(200);
	}

	@Test
	void fiveWrongGuessesFromOneClientLockThatClientOutNotAnother() {
		DemoUser user = TestDemoUsers.user(7);
		for (int failure = 1; failure <= 4; failure++) {
			TestLogins.login(this.client, user.username(), "wrong-" + failure, CLIENT_A)
				.expectStatus()
				.isUnauthorized();
		}
		TestLogins.login(this.client, user.username(), "wrong-5", CLIENT_A)
			.expectStatus()
			.isEqualTo(HttpStatus.LOCKED)
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("account_locked");

		String retryAfter = TestLogins.login(this.client, user.username(), user.password(), CLIENT_A)
			.expectStatus()
			.isEqualTo(HttpStatus.LOCKED)
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":423,"error":"account_locked"}""")
			.returnResult()
			.getResponseHeaders()
			.getFirst(HttpHeaders.RETRY_AFTER);
		assertThat(Long.parseLong(retryAfter)).isBetween(1L, 60L);

		TestLogins.login(this.client, user.username(), user.password(), CLIENT_B).expectStatus().isOk();
	}

	@Test
	void eachLockOfAPairLastsTwiceTheOneBeforeUpToTheCap() {
		DemoUser user = TestDemoUsers.user(8);
		String pair = CLIENT_A + "|" + user.username();

		lockOut(user, CLIENT_A);
		assertThat(pttl("kit:login:locked:" + pair)).isBetween(50_000L, 60_000L);

		// As if the first lock had run out.
		this.redis.command("DEL kit:login:locked:" + pair);
		lockOut(user, CLIENT_A);
		assertThat(pttl("kit:login:locked:" + pair)).isBetween(110_000L, 120_000L);
		assertThat(pttl("kit:login:locks:" + pair)).as("locks are remembered for a day")
			.isBetween(Duration.ofHours(23).toMillis(), Duration.ofDays(1).toMillis());

		this.redis.command("SET kit:login:locks:" + pair + " 10");
		this.redis.command("DEL kit:login:locked:" + pair);
		lockOut(user, CLIENT_A);
		assertThat(pttl("kit:login:locked:" + pair)).isBetween(Duration.ofMinutes(14).toMillis(),
				Duration.ofMinutes(15).toMillis());
	}

	@Test
	void failureCounterExpiresWithTheWindow() {
		DemoUser user = TestDemoUsers.user(9);
		TestLogins.login(this.client, user.username(), "wrong", CLIENT_A).expectStatus().isUnauthorized();

		assertThat(pttl("kit:login:failures:" + CLIENT_A + "|" + user.username())).isPositive()
			.isLessThanOrEqualTo(Duration.ofMinutes(15).toMillis());
	}

	@Test
	void successfulLoginClearsThePairsFailuresAtOnce() {
		DemoUser user = TestDemoUsers.user(10);
		String pair = CLIENT_A + "|" + user.username();
		TestLogins.login(this.client, user.username(), "wrong-1", CLIENT_A).expectStatus().isUnauthorized();
		TestLogins.login(this.client, user.username(), "wrong-2", CLIENT_A).expectStatus().isUnauthorized();
		assertThat(this.redis.command("EXISTS kit:login:failures:" + pair)).isEqualTo(":1");

		TestLogins.login(this.client, user.username(), user.password(), CLIENT_A).expectStatus().isOk();

		assertThat(this.redis.command("EXISTS kit:login:failures:" + pair)).isEqualTo(":0");
		assertThat(this.redis.command("EXISTS kit:login:checks:" + pair)).as("no reservation left").isEqualTo(":0");
		for (int failure = 1; failure <= 4; failure++) {
			TestLogins.login(this.client, user.username(), "again-" + failure, CLIENT_A)
				.expectStatus()
				.isUnauthorized();
		}
	}

	@Test
	void locksUnknownUserNamesToo() {
		// Otherwise "never locks" would tell an attacker the name does not exist.
		String username = "no-such-user-for-lockout";
		for (int failure = 1; failure <= 4; failure++) {
			TestLogins.login(this.client, username, "guess-" + failure, CLIENT_A).expectStatus().isUnauthorized();
		}
		TestLogins.login(this.client, username, "guess-5", CLIENT_A).expectStatus().isEqualTo(HttpStatus.LOCKED);
	}

	@Test
	void answers429NotLockedWhenEveryCheckOfThePairIsRunning() {
		DemoUser user = TestDemoUsers.user(11);
		String checks = "kit:login:checks:" + CLIENT_A + "|" + user.username();
		// Five checks in flight, as if five logins of the pair were being hashed.
		this.redis.command("SET " + checks + " 5 PX 30000");

		TestLogins.login(this.client, user.username(), user.password(), CLIENT_A)
			.expectStatus()
			.isEqualTo(HttpStatus.TOO_MANY_REQUESTS)
			.expectHeader()
			.valueEquals(HttpHeaders.RETRY_AFTER, "1")
			.expectBody()
			.json("""
					{"status":429,"error":"too_many_requests"}""");

		this.redis.command("DEL " + checks);
		TestLogins.login(this.client, user.username(), user.password(), CLIENT_A).expectStatus().isOk();
	}

	@Test
	void countsAnIpv6ClientPerSlash64() {
		DemoUser user = TestDemoUsers.user(12);
		lockOut(user, "2001:db8::1");

		TestLogins.login(this.client, user.username(), user.password(), "2001:db8:0:0:ffff::2")
			.expectStatus()
			.isEqualTo(HttpStatus.LOCKED);
		TestLogins.login(this.client, user.username(), user.password(), "2001:db8:0:1::1").expectStatus().isOk();
	}

	@Test
	void failuresOfOnePairDoNotCountForTheSameUserFromAnotherClient() {
		DemoUser user = TestDemoUsers.user(31);
		for (int failure = 1; failure <= 4; failure++) {
			TestLogins.login(this.client, user.username(), "wrong-" + failure, CLIENT_A)
				.expectStatus()
				.isUnauthorized();
			TestLogins.login(this.client, user.username(), "wrong-" + failure, CLIENT_B)
				.expectStatus()
				.isUnauthorized();
		}
		TestLogins.login(this.client, user.username(), user.password(), CLIENT_B).expectStatus().isOk();
		TestLogins.login(this.client, user.username(), user.password(), CLIENT_A).expectStatus().isOk();
	}

	private void lockOut(DemoUser user, String client) {
		for (int failure = 1; failure <= 4; failure++) {
			TestLogins.login(this.client, user.username(), "wrong-" + failure, client).expectStatus().isUnauthorized();
		}
		TestLogins.login(this.client, user.username(), "wrong-5", client).expectStatus().isEqualTo(HttpStatus.LOCKED);
	}

	private long pttl(String key) {
		return Long.parseLong(this.redis.command("PTTL " + key).substring(1));
	}

	private int login(String username, String password, String client) {
		return TestLogins.login(this.client, username, password, client).returnResult(Void.class).getStatus().value();
	}

	private static List<Integer> parallel(int count, LoginCall call) throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(count);
		try {
			List<Future<Integer>> answers = IntStream.range(0, count).mapToObj((i) -> threads.submit(() -> {
				start.await(10, TimeUnit.SECONDS);
				return call.status(i);
			})).toList();
			start.countDown();
			return answers.stream().map((answer) -> {
				try {
					return answer.get(60, TimeUnit.SECONDS);
				}
				catch (Exception ex) {
					throw new IllegalStateException("a login did not answer in time", ex);
				}
			}).toList();
		}
		finally {
			threads.shutdownNow();
		}
	}

	/** One of the parallel logins. */
	private interface LoginCall {

		int status(int index) throws Exception;

	}

}
