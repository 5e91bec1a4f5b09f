package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.List;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.config.AuthProperties;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * The lockout bookkeeping in Redis: failures per user in
 * {@code kit:login:failures:{username}}, and the lock itself in
 * {@code kit:login:locked:{username}}. Clearing the counter after a success is
 * {@link FailureCounterResets}' job.
 * <p>
 * Every login first reserves its password check ({@link #reserve}), so the counter holds
 * the checks of the window, running or failed: that is what makes "at most
 * {@code max-failures} BCrypt checks per user per window" hold under concurrency. A
 * successful login's reservation stays counted until the reset lands (one flush interval,
 * 200 ms by default): a user who logs in successfully more than {@code max-failures}
 * times within that interval is refused until it lands.
 * <p>
 * Failures are counted for any user name, existing or not: if unknown names never locked,
 * the lockout itself would tell an attacker which names are real.
 */
@Component
public class LoginAttempts {

	static final String FAILURES_PREFIX = "kit:login:failures:";

	static final String LOCKED_PREFIX = "kit:login:locked:";

	private static final RedisScript<Long> RESERVE_ATTEMPT = RedisScript
		.of(new ClassPathResource("scripts/reserve-login-attempt.lua"), Long.class);

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
	 * Reserves one password check for {@code username}, atomically with the lock check:
	 * emits nothing if the check may run, or how long the caller must wait if the account
	 * is locked or every check of the current window is taken. At most
	 * {@code max-failures} checks are reserved per window, however many logins race.
	 */
	public Mono<Duration> reserve(String username) {
		List<String> keys = List.of(FAILURES_PREFIX + username, LOCKED_PREFIX + username);
		List<String> args = List.of(String.valueOf(this.lockout.window().toMillis()),
				String.valueOf(this.lockout.maxFailures()));
		return this.redis.execute(RESERVE_ATTEMPT, keys, args)
			.next()
			.timeout(this.timeout)
			.filter((wait) -> wait != 0L)
			// A lock without a TTL should not exist; if someone made one by hand, report
			// the configured duration.
			.map((wait) -> (wait > 0) ? Duration.ofMillis(wait) : this.lockout.duration());
	}

	/**
	 * Records that a reserved check failed; emits whether this failure locked the
	 * account.
	 */
	public Mono<Boolean> recordFailure(String username) {
		List<String> keys = List.of(FAILURES_PREFIX + username, LOCKED_PREFIX + username);
		List<String> args = List.of(String.valueOf(this.lockout.maxFailures()),
				String.valueOf(this.lockout.duration().toMillis()));
		return this.redis.execute(RECORD_FAILURE, keys, args)
			.next()
			.timeout(this.timeout)
			.map((locked) -> locked == 1L);
	}

	/** How long an account stays locked once locked. */
	public Duration lockDuration() {
		return this.lockout.duration();
	}

	static String failuresKey(String username) {
		return FAILURES_PREFIX + username;
	}

}
