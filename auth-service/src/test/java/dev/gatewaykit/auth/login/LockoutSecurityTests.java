package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "the lockout is not atomic": the lock check, the password check and the failure
 * count were three steps, so 60 concurrent wrong passwords for one user were all past the
 * lock check before the first failure was counted, and dozens got a BCrypt check (a 401)
 * against a limit of 5. Now a check is reserved atomically before BCrypt runs: at most
 * {@code max-failures} per (user, client) pair per window, whatever the concurrency.
 */
@AuthServiceIntegrationTest
class LockoutSecurityTests {

	private static final int CONCURRENT_GUESSES = 60;

	private static final int MAX_FAILURES = 5;

	@Autowired
	private WebTestClient client;

	@Test
	void concurrentWrongPasswordsGetAtMostMaxFailuresPasswordChecks() throws Exception {
		DemoUser user = TestDemoUsers.user(14);
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(CONCURRENT_GUESSES);
		try {
			List<Callable<Integer>> guesses = IntStream.range(0, CONCURRENT_GUESSES)
				.<Callable<Integer>>mapToObj((guess) -> () -> {
					start.await(10, TimeUnit.SECONDS);
					return login(user.username(), "wrong-" + guess);
				})
				.toList();
			List<Future<Integer>> answers = guesses.stream().map(threads::submit).toList();
			start.countDown();
			List<Integer> statuses = answers.stream().map(LockoutSecurityTests::await).toList();

			// Every 401 is a password BCrypt checked and found wrong; a 423 is a guess
			// refused before any check (or the failure that locked the pair); a 429 one
			// that found every check of the pair running for as long as it waited.
			assertThat(statuses).hasSize(CONCURRENT_GUESSES).isSubsetOf(401, 423, 429);
			assertThat(statuses.stream().filter((status) -> status == 401).count()).isBetween(1L, (long) MAX_FAILURES);
		}
		finally {
			threads.shutdownNow();
		}
		// And the pair is locked now, even for the right password.
		assertThat(login(user.username(), user.password())).isEqualTo(423);
	}

	private int login(String username, String password) {
		return this.client.mutate()
			.responseTimeout(Duration.ofSeconds(30))
			.build()
			.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", username, "password", password))
			.exchange()
			.returnResult(Void.class)
			.getStatus()
			.value();
	}

	private static int await(Future<Integer> answer) {
		try {
			return answer.get(60, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException("a login did not answer in time", ex);
		}
	}

}
