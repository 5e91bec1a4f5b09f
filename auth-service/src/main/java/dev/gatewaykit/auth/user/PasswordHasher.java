package dev.gatewaykit.auth.user;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Hashes and checks passwords with BCrypt, always on a scheduler of its own and never on
 * the calling thread.
 * <p>
 * One BCrypt check at cost 10 is tens of milliseconds of pure CPU. Run on a Netty event
 * loop, it would stall every other connection that loop serves (on a 2-core box, half the
 * server) for that long, which is exactly the event-loop blocking this kit is about. The
 * scheduler is built in {@link dev.gatewaykit.auth.user.PasswordHashingConfiguration}:
 * its threads are the bound on checks running at once, its queue the bound on checks
 * waiting. A check that finds the queue full, or waits longer than the acquire timeout,
 * fails with {@link PasswordChecksOverloadedException} without running.
 */
public class PasswordHasher {

	private static final int WAITING = 0;

	private static final int RUNNING = 1;

	private static final int GIVEN_UP = 2;

	/**
	 * Checked against when the user does not exist, so that an unknown user costs as much
	 * time as a known one.
	 */
	private final String unknownUserHash;

	private final PasswordEncoder encoder;

	private final Scheduler scheduler;

	private final Duration acquireTimeout;

	public PasswordHasher(PasswordEncoder encoder, Scheduler scheduler, Duration acquireTimeout) {
		this.encoder = encoder;
		this.scheduler = scheduler;
		this.acquireTimeout = acquireTimeout;
		this.unknownUserHash = encoder.encode("no user has this password; it only spends the same time");
	}

	/**
	 * Emits whether {@code rawPassword} matches {@code hash}, computed on the hashing
	 * scheduler once a slot is free.
	 */
	public Mono<Boolean> matches(String rawPassword, String hash) {
		return Mono.defer(() -> {
			// Whoever moves it out of WAITING first wins: the check starts, or the
			// acquire timeout gives up on it; never both, so a check that has started
			// is never cut short and one that has timed out never runs. The loser never
			// signals at all: had it completed (empty), its completion could reach the
			// timeout operator before the winner's signal and be the answer.
			AtomicInteger state = new AtomicInteger(WAITING);
			Mono<Boolean> check = Mono.fromCallable(() -> state.compareAndSet(WAITING, RUNNING))
				.subscribeOn(this.scheduler)
				.flatMap((won) -> won ? Mono.fromCallable(() -> check(rawPassword, hash)) : Mono.never());
			Mono<Long> givenUp = Mono.delay(this.acquireTimeout)
				.flatMap((tick) -> state.compareAndSet(WAITING, GIVEN_UP) ? Mono.just(tick) : Mono.never());
			return check
				.timeout(givenUp,
						Mono.error(() -> new PasswordChecksOverloadedException(
								"no password check slot within " + this.acquireTimeout.toMillis() + " ms")))
				.onErrorMap(RejectedExecutionException.class,
						(ex) -> new PasswordChecksOverloadedException("the password check queue is full"));
		});
	}

	/**
	 * Spends the time of a real check and emits {@code false}: used when the user does
	 * not exist, so that neither the answer nor its timing tells an attacker which user
	 * names are real.
	 */
	public Mono<Boolean> matchesNoUser(String rawPassword) {
		return matches(rawPassword, this.unknownUserHash).map((ignored) -> false);
	}

	/**
	 * Emits the BCrypt hash of {@code rawPassword}, computed on the hashing scheduler.
	 */
	public Mono<String> hash(String rawPassword) {
		// Not bounded by the acquire timeout: only the demo users' seeding hashes, at
		// start-up, with its own bound on what it has in flight.
		return Mono.fromCallable(() -> this.encoder.encode(rawPassword)).subscribeOn(this.scheduler);
	}

	private boolean check(String rawPassword, String hash) {
		try {
			return this.encoder.matches(rawPassword, hash);
		}
		catch (IllegalArgumentException ex) {
			// BCrypt refuses passwords over 72 bytes; such a password cannot be anyone's,
			// so it simply does not match.
			return false;
		}
	}

}
