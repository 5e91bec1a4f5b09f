package dev.gatewaykit.auth.user;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestLogins;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "every distinct user name costs a password check, with no global cap": a flood
 * of distinct names, unknown ones included, filled the hashing queue. Now at most
 * {@code kit.auth.password-checks.max-concurrent} checks run at once, a bounded number
 * wait, and the rest are answered 503 {@code overloaded} with {@code Retry-After} at
 * once. A context of its own, for its small bounds and its counting password encoder.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "kit.auth.bcrypt-cost=4", "kit.auth.demo-users.count=0",
				"kit.auth.password-checks.max-concurrent=1", "kit.auth.password-checks.max-queued=4" })
@AutoConfigureWebTestClient
@ActiveProfiles("demo")
@Import({ SharedRedis.class, PasswordChecksIntegrationTests.Counting.class })
class PasswordChecksIntegrationTests {

	private static final int DISTINCT_NAMES = 40;

	private static final AtomicInteger running = new AtomicInteger();

	private static final AtomicInteger mostRunning = new AtomicInteger();

	private static final AtomicInteger checks = new AtomicInteger();

	@Autowired
	private WebTestClient client;

	@Test
	void manyDistinctUnknownNamesAtOnceNeverRunMoreChecksThanTheCap() throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(DISTINCT_NAMES);
		List<EntityExchangeResult<String>> answers = new ArrayList<>();
		try {
			List<Future<EntityExchangeResult<String>>> pending = new ArrayList<>();
			for (int i = 0; i < DISTINCT_NAMES; i++) {
				String name = "flood-" + i;
				pending.add(threads.submit(() -> {
					start.await(10, TimeUnit.SECONDS);
					return TestLogins.login(this.client, name, "guess", null).expectBody(String.class).returnResult();
				}));
			}
			start.countDown();
			for (Future<EntityExchangeResult<String>> answer : pending) {
				answers.add(answer.get(60, TimeUnit.SECONDS));
			}
		}
		finally {
			threads.shutdownNow();
		}

		assertThat(mostRunning.get()).as("password checks running at once").isEqualTo(1);
		assertThat(answers).extracting((answer) -> answer.getStatus().value())
			.containsOnly(401, 503)
			.contains(401, 503);
		for (EntityExchangeResult<String> answer : answers) {
			if (answer.getStatus().value() == 503) {
				assertThat(answer.getResponseBody()).contains("\"error\":\"overloaded\"");
				assertThat(answer.getResponseHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
			}
		}
		// Every 401 had its check, unknown names included, and no refused login had one.
		long rejected = answers.stream().filter((answer) -> answer.getStatus().value() == 401).count();
		assertThat(checks.get()).isEqualTo(rejected);
	}

	/** Wraps the service's password encoder to count the checks running at once. */
	@TestConfiguration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		static BeanPostProcessor countingPasswordEncoder() {
			return new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					return (bean instanceof PasswordEncoder encoder) ? new CountingEncoder(encoder) : bean;
				}
			};
		}

	}

	private record CountingEncoder(PasswordEncoder delegate) implements PasswordEncoder {

		@Override
		public String encode(CharSequence rawPassword) {
			return this.delegate.encode(rawPassword);
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			checks.incrementAndGet();
			mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
			try {
				// A check as slow as a real one at cost 10, so that they overlap if
				// nothing holds them apart.
				Thread.sleep(50);
				return this.delegate.matches(rawPassword, encodedPassword);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			finally {
				running.decrementAndGet();
			}
		}

	}

}
