package dev.gatewaykit.auth.user;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.config.PasswordHashingConfiguration;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

class PasswordHasherTests {

	private final Scheduler scheduler = new PasswordHashingConfiguration().passwordHashingScheduler();

	private final ThreadRecordingEncoder encoder = new ThreadRecordingEncoder(new BCryptPasswordEncoder(4));

	private final PasswordHasher hasher = new PasswordHasher(this.encoder, this.scheduler);

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
