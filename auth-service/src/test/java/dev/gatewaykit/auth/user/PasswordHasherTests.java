package dev.gatewaykit.auth.user;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Signal;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

class PasswordHasherTests {

	private static final AuthProperties DEFAULTS = new Binder(new MapConfigurationPropertySource())
		.bindOrCreate("kit.auth", Bindable.of(AuthProperties.class));

	private final Scheduler scheduler = new PasswordHashingConfiguration().passwordHashingScheduler(DEFAULTS);

	private final ThreadRecordingEncoder encoder = new ThreadRecordingEncoder(new BCryptPasswordEncoder(4));

	private final PasswordHasher hasher = new PasswordHasher(this.encoder, this.scheduler,
			DEFAULTS.passwordChecks().acquireTimeout());

	private final String hash = new BCryptPasswordEncoder(4).encode("s3cret");

	@BeforeEach
	void forgetTheConstructorsOwnHash() {
		this.encoder.threads.clear();
	}

	@AfterEach
	void disposeScheduler() {
		this.scheduler.dispose();
	}

	@Test
	void checksPasswordOnHashingThreadEvenWhenCalledFromNonBlockingThread() {
		// Schedulers.parallel() threads are marked non-blocking, like Netty's event
		// loops.
		Mono<Boolean> fromNonBlockingThread = Mono.defer(() -> this.hasher.matches("s3cret", this.hash))
			.subscribeOn(Schedulers.parallel());

		StepVerifier.create(fromNonBlockingThread).expectNext(true).expectComplete().verify(Duration.ofSeconds(5));

		assertThat(this.encoder.threads).singleElement().asString().startsWith("bcrypt-");
	}

	@Test
	void rejectsWrongPassword() {
		StepVerifier.create(this.hasher.matches("wrong", this.hash))
			.expectNext(false)
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void spendsARealCheckOnUnknownUsersAndFails() {
		StepVerifier.create(this.hasher.matchesNoUser("no user has this password; it only spends the same time"))
			.expectNext(false)
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.encoder.threads).singleElement().asString().startsWith("bcrypt-");
	}

	@Test
	void hashesOnHashingThread() {
		StepVerifier.create(this.hasher.hash("new-password"))
			.assertNext((hashed) -> assertThat(new BCryptPasswordEncoder().matches("new-password", hashed)).isTrue())
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		assertThat(this.encoder.threads).singleElement().asString().startsWith("bcrypt-");
	}

	@Test
	void passwordLongerThanBcryptAcceptsDoesNotMatchRatherThanFail() {
		StepVerifier.create(this.hasher.matches("x".repeat(100), this.hash))
			.expectNext(false)
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void givesUpOnACheckThatWaitsLongerThanTheAcquireTimeoutWithoutRunningIt() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		Scheduler one = Schedulers.newBoundedElastic(1, 4, "bcrypt-one");
		try {
			PasswordHasher hasher = new PasswordHasher(this.encoder, one, Duration.ofMillis(200));
			// Holds the only thread.
			Mono.fromRunnable(() -> await(release)).subscribeOn(one).subscribe();
			this.encoder.threads.clear();

			StepVerifier.create(hasher.matches("s3cret", this.hash))
				.expectError(PasswordChecksOverloadedException.class)
				.verify(Duration.ofSeconds(5));
			release.countDown();
			// The given-up check never runs, even once the thread is free.
			Thread.sleep(200);
			assertThat(this.encoder.threads).isEmpty();
		}
		finally {
			release.countDown();
			one.dispose();
		}
	}

	@Test
	void refusesACheckAtOnceWhenTheQueueIsFull() {
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch running = new CountDownLatch(1);
		Scheduler one = Schedulers.newBoundedElastic(1, 1, "bcrypt-one");
		try {
			PasswordHasher hasher = new PasswordHasher(this.encoder, one, Duration.ofSeconds(30));
			Mono.fromRunnable(() -> {
				running.countDown();
				await(release);
			}).subscribeOn(one).subscribe();
			// Until the blocker runs it sits in the queue itself, and on a busy machine
			// the
			// next check would be the one refused.
			await(running);
			// Takes the one place in the queue.
			hasher.matches("s3cret", this.hash).subscribe();

			StepVerifier.create(hasher.matches("s3cret", this.hash))
				.expectError(PasswordChecksOverloadedException.class)
				.verify(Duration.ofSeconds(5));
		}
		finally {
			release.countDown();
			one.dispose();
		}
	}

	/**
	 * The check and the acquire timeout race for every check here, since the timeout is
	 * shorter than any check takes to be scheduled: each check must come to exactly one
	 * answer, a match or an overload. A check that lost the race used to complete empty,
	 * and when its completion overtook the winning timeout, the login read an empty
	 * answer as "no such user" and counted a right password as a failure.
	 */
	@Test
	void aCheckThatLosesTheRaceWithTheAcquireTimeoutAnswersOverloadedNeverEmpty() {
		PasswordHasher hasher = new PasswordHasher(new MatchesEverything(), this.scheduler, Duration.ofNanos(1));
		int matched = 0;
		int overloaded = 0;
		for (int check = 0; check < 20_000; check++) {
			Signal<Boolean> answer = hasher.matches("s3cret", this.hash).materialize().block(Duration.ofSeconds(5));
			assertThat(answer).as("the answer to check %d (none: it completed empty)", check).isNotNull();
			if (answer.isOnNext()) {
				matched++;
			}
			else {
				assertThat(answer.getThrowable()).as("the answer to check %d", check)
					.isInstanceOf(PasswordChecksOverloadedException.class);
				overloaded++;
			}
		}
		// Both sides won some races, or the test did not race them.
		assertThat(matched).isPositive();
		assertThat(overloaded).isPositive();
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** A check that costs nothing, so that checks race their timeout by the thousand. */
	private static final class MatchesEverything implements PasswordEncoder {

		@Override
		public String encode(CharSequence rawPassword) {
			return "not a hash";
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			return true;
		}

	}

	/** Remembers which thread every BCrypt call ran on. */
	private static final class ThreadRecordingEncoder implements PasswordEncoder {

		private final List<String> threads = new CopyOnWriteArrayList<>();

		private final PasswordEncoder delegate;

		ThreadRecordingEncoder(PasswordEncoder delegate) {
			this.delegate = delegate;
		}

		@Override
		public String encode(CharSequence rawPassword) {
			this.threads.add(Thread.currentThread().getName());
			return this.delegate.encode(rawPassword);
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			this.threads.add(Thread.currentThread().getName());
			return this.delegate.matches(rawPassword, encodedPassword);
		}

	}

}
