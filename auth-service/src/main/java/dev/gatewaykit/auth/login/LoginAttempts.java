package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * The lockout bookkeeping in Redis, per (user name, client address) pair; see
 * {@link AuthProperties.Lockout} for the rules. Four keys per pair, all
 * {@code kit:login:<kind>:<client>|<user>} (the client, in canonical form, has no
 * {@code |}, so the first one ends it): {@code checks} (in flight), {@code failures} (of
 * the window), {@code locked} (the lock, its TTL the time left) and {@code locks} (how
 * many came before, for the growing delays).
 * <p>
 * Every login first reserves its password check ({@link #reserve}); the reservation is
 * then settled exactly once: {@link Check#succeeded()}, {@link Check#failed()}, or
 * {@link Check#abandoned()} when the check did not come to an answer.
 * <p>
 * Failures are counted for any user name, existing or not: if unknown names never locked,
 * the lockout itself would tell an attacker which names are real.
 */
@Component
public class LoginAttempts {

	static final String PREFIX = "kit:login:";

	/**
	 * How long a reservation outlives a service that died holding it. A check takes
	 * milliseconds to a few seconds (BCrypt behind a bounded queue); a pair blocked this
	 * long by a crash is answered 429 meanwhile, never locked.
	 */
	static final Duration RESERVATION_TTL = Duration.ofSeconds(30);

	/** Shortest and longest pause between two tries of a busy pair. */
	private static final long MIN_POLL_MILLIS = 20;

	private static final long MAX_POLL_MILLIS = 80;

	/** What a busy pair is told: a slot frees within a check's time. */
	private static final Duration BUSY_RETRY_AFTER = Duration.ofSeconds(1);

	private static final Logger logger = LoggerFactory.getLogger(LoginAttempts.class);

	private static final RedisScript<Long> RESERVE = RedisScript
		.of(new ClassPathResource("scripts/reserve-login-check.lua"), Long.class);

	private static final RedisScript<Long> RELEASE = RedisScript
		.of(new ClassPathResource("scripts/release-login-check.lua"), Long.class);

	private static final RedisScript<Long> RECORD_FAILURE = RedisScript
		.of(new ClassPathResource("scripts/record-login-failure.lua"), Long.class);

	private final ReactiveStringRedisTemplate redis;

	private final AuthProperties.Lockout lockout;

	private final Duration timeout;

	public LoginAttempts(ReactiveStringRedisTemplate redis, AuthProperties properties) {
		this.redis = redis;
		this.lockout = properties.lockout();
		this.timeout = properties.redisTimeout();
	}

	/**
	 * Reserves one password check for the pair, atomically with the lock check. When all
	 * of the pair's checks are in flight, tries again after short random pauses (on a
	 * timer, never holding a thread) for up to {@code busy-wait}, then gives up with
	 * {@link Reservation.Busy}.
	 */
	public Mono<Reservation> reserve(String username, String client) {
		Pair pair = new Pair(username, client);
		long deadline = System.nanoTime() + this.lockout.busyWait().toNanos();
		return reserve(pair, deadline);
	}

	private Mono<Reservation> reserve(Pair pair, long deadline) {
		return reserveOnce(pair).flatMap((reservation) -> {
			if (!(reservation instanceof Reservation.Busy) || System.nanoTime() >= deadline) {
				return Mono.just(reservation);
			}
			Duration pause = Duration
				.ofMillis(ThreadLocalRandom.current().nextLong(MIN_POLL_MILLIS, MAX_POLL_MILLIS + 1));
			return Mono.delay(pause).then(Mono.defer(() -> reserve(pair, deadline)));
		});
	}

	private Mono<Reservation> reserveOnce(Pair pair) {
		List<String> keys = List.of(pair.key("locked"), pair.key("failures"), pair.key("checks"));
		List<String> args = List.of(String.valueOf(this.lockout.maxFailures()),
				String.valueOf(RESERVATION_TTL.toMillis()), String.valueOf(this.lockout.maxLock().toMillis()));
		return this.redis.execute(RESERVE, keys, args).next().timeout(this.timeout).map((answer) -> {
			if (answer == 0L) {
				return new Check(pair);
			}
			if (answer < 0L) {
				return new Reservation.Busy(BUSY_RETRY_AFTER);
			}
			return new Reservation.Locked(Duration.ofMillis(answer));
		});
	}

	/** What {@link #reserve} came to. */
	public sealed interface Reservation {

		/** The pair is locked for {@code retryAfter}, whatever the password. */
		record Locked(Duration retryAfter) implements Reservation {
		}

		/** Every check the pair has left is in flight; retry after {@code retryAfter}. */
		record Busy(Duration retryAfter) implements Reservation {
		}

	}

	/**
	 * A reserved password check, to be settled once. Settling twice does nothing, so that
	 * an error path may always abandon.
	 */
	public final class Check implements Reservation {

		private final Pair pair;

		private final AtomicBoolean settled = new AtomicBoolean();

		Check(Pair pair) {
			this.pair = pair;
		}

		/** The user name being tried. */
		public String username() {
			return this.pair.username();
		}

		/**
		 * The password was right: gives the slot back and clears the pair's failures and
		 * lock history.
		 */
		public Mono<Void> succeeded() {
			return release(true);
		}

		/**
		 * The check did not come to an answer (overload, an error, a client gone): gives
		 * the slot back without counting anything.
		 */
		public Mono<Void> abandoned() {
			return release(false);
		}

		/**
		 * The password was wrong: counts the failure; emits how long the pair is locked
		 * if this failure locked it, nothing otherwise.
		 */
		public Mono<Duration> failed() {
			return Mono.defer(() -> {
				if (!this.settled.compareAndSet(false, true)) {
					return Mono.empty();
				}
				List<String> keys = List.of(this.pair.key("checks"), this.pair.key("failures"), this.pair.key("locked"),
						this.pair.key("locks"));
				List<String> args = List.of(String.valueOf(LoginAttempts.this.lockout.maxFailures()),
						String.valueOf(LoginAttempts.this.lockout.window().toMillis()),
						String.valueOf(LoginAttempts.this.lockout.firstLock().toMillis()),
						String.valueOf(LoginAttempts.this.lockout.maxLock().toMillis()),
						String.valueOf(LoginAttempts.this.lockout.lockMemory().toMillis()));
				return LoginAttempts.this.redis.execute(RECORD_FAILURE, keys, args)
					.next()
					.timeout(LoginAttempts.this.timeout)
					.filter((lock) -> lock > 0)
					.map(Duration::ofMillis);
			});
		}

		/** Abandons the check in the background, for a login whose client has gone. */
		void abandonLater() {
			abandoned().subscribe(null,
					(ex) -> logger.debug("Could not give back the password check of {}", this.pair, ex));
		}

		private Mono<Void> release(boolean success) {
			return Mono.defer(() -> {
				if (!this.settled.compareAndSet(false, true)) {
					return Mono.empty();
				}
				List<String> keys = List.of(this.pair.key("checks"), this.pair.key("failures"), this.pair.key("locks"));
				return LoginAttempts.this.redis.execute(RELEASE, keys, List.of(success ? "1" : "0"))
					.next()
					.timeout(LoginAttempts.this.timeout)
					.then();
			});
		}

	}

	/** A user name as tried from one client. */
	record Pair(String username, String client) {

		String key(String kind) {
			return PREFIX + kind + ":" + this.client + "|" + this.username;
		}

	}

}
