package dev.gatewaykit.auth.config;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Everything auth-service can be tuned with, under {@code kit.auth}.
 *
 * @param bcryptCost BCrypt cost (log2 rounds) for user passwords; 10 costs tens of
 * milliseconds of CPU per check, tests use 4
 * @param relayTokenTtl how long a relay token is valid after it is signed
 * @param redisTimeout upper bound for the Redis work of one request, after which it
 * answers 503; keep it above {@code spring.data.redis.timeout} so that Lettuce's own
 * timeout normally fires first
 * @param session the login sessions stored in Redis for the gateway
 * @param lockout the brute-force lockout of (user, client) pairs
 * @param passwordChecks the global bound on concurrent password checks
 * @param gatewayClient the credentials the gateway presents to fetch relay tokens
 * @param demoUsers the demo users seeded at start-up for the load tests; none outside the
 * {@code demo} profile
 */
@Validated
@ConfigurationProperties("kit.auth")
public record AuthProperties(@DefaultValue("10") @Min(4) @Max(31) int bcryptCost,
		@DefaultValue("60s") @NotNull Duration relayTokenTtl, @DefaultValue("2s") @NotNull Duration redisTimeout,
		@DefaultValue @Valid Session session, @DefaultValue @Valid Lockout lockout,
		@DefaultValue @Valid PasswordChecks passwordChecks, @DefaultValue @Valid GatewayClient gatewayClient,
		@DefaultValue @Valid DemoUsers demoUsers) {

	/**
	 * Login sessions ({@code kit:session:{reference}}), and the index of each user's
	 * sessions ({@code kit:user-sessions:{userId}}) that revoking all of them reads.
	 *
	 * @param idleTimeout the session key's TTL; the gateway refreshes it on every request
	 * @param maxLifetime the absolute lifetime written into the session as
	 * {@code expiresAt}, after which the gateway refuses it however active it is; also
	 * the TTL of the user's session index, renewed at each login
	 */
	public record Session(@DefaultValue("30m") @NotNull Duration idleTimeout,
			@DefaultValue("8h") @NotNull Duration maxLifetime) {
	}

	/**
	 * Brute-force lockout, per (user name, client address) pair: a client that guesses
	 * wrong locks that user name for itself, never for the user's other clients. The
	 * client is the address the gateway resolved ({@code X-Kit-Client-Address}), else the
	 * TCP peer; IPv6 clients count per /64, the block one subscriber holds.
	 * <p>
	 * Only failures count. Each login reserves one of the pair's {@code max-failures}
	 * checks before BCrypt runs, so concurrent guesses cannot overrun the limit; a
	 * success gives its reservation back at once and clears the pair's failures. A login
	 * that finds every check of its pair in flight waits up to {@code busy-wait} for one
	 * and is then answered 429, never 423: nothing has failed yet.
	 * <p>
	 * After {@code max-failures} failures within {@code window} the pair is locked:
	 * {@code first-lock} (1 min), doubled for each further lock of the pair (2, 4, 8 min)
	 * up to {@code max-lock} (15 min); the number of locks is remembered for
	 * {@code lock-memory} (a day) and forgotten at the pair's next success. So one client
	 * gets 5 guesses, then about 5 more per 15 minutes, per user name.
	 * <p>
	 * <b>Production limits versus the bench's:</b> in front of this, the gateway limits
	 * logins per client address to about 1 a second with a burst of 5 by default; the
	 * bench raises that limit through the gateway's arguments, since its load generator
	 * logs in every demo user from one address. This lockout is the same in both.
	 *
	 * @param maxFailures failed logins of one pair within the window that lock the pair;
	 * also how many of its password checks may run at once
	 * @param window how long a failure is remembered, counted from the first failure of a
	 * series
	 * @param firstLock how long a pair's first lock lasts
	 * @param maxLock the longest a lock lasts however many came before it
	 * @param lockMemory how long a pair's number of consecutive locks is remembered
	 * @param busyWait how long a login waits for one of its pair's checks in flight
	 * before it is answered 429
	 */
	public record Lockout(@DefaultValue("5") @Min(1) int maxFailures, @DefaultValue("15m") @NotNull Duration window,
			@DefaultValue("1m") @NotNull Duration firstLock, @DefaultValue("15m") @NotNull Duration maxLock,
			@DefaultValue("1d") @NotNull Duration lockMemory, @DefaultValue("1s") @NotNull Duration busyWait) {
	}

	/**
	 * The bound on BCrypt checks across all logins. Unknown user names cost one check too
	 * (so that the answer and its timing do not tell which names exist), which makes the
	 * checks the resource a flood of distinct names goes after; past this bound a login
	 * is answered 503 {@code overloaded} with {@code Retry-After} instead of queueing
	 * without end.
	 *
	 * @param maxConcurrent checks running at once; 0 means one per available processor
	 * (BCrypt is pure CPU, more would only time-slice the same cores)
	 * @param maxQueued checks waiting for a slot; one more is answered 503 at once
	 * @param acquireTimeout how long a check may wait for a slot before its login is
	 * answered 503
	 */
	public record PasswordChecks(@DefaultValue("0") @Min(0) int maxConcurrent,
			@DefaultValue("64") @Min(1) int maxQueued, @DefaultValue("2s") @NotNull Duration acquireTimeout) {

		/** {@link #maxConcurrent()} with 0 resolved to the available processors. */
		public int concurrency() {
			return (this.maxConcurrent > 0) ? this.maxConcurrent : Runtime.getRuntime().availableProcessors();
		}

	}

	/**
	 * The one client allowed to ask for relay tokens: the gateway, with HTTP Basic.
	 *
	 * @param id the client id (the Basic user name)
	 * @param secret the client secret (the Basic password), the gateway's
	 * {@code kit.gateway.auth-service.client-secret}; no default: the {@code demo}
	 * profile has one for laptops, refused outside it
	 */
	public record GatewayClient(@DefaultValue("gateway") @NotBlank String id, @NotBlank String secret) {

		@Override
		public String toString() {
			// Keep the secret out of logs and the actuator's configprops output.
			return "GatewayClient[id=" + this.id + ", secret=******]";
		}

	}

	/**
	 * Demo users {@code user0001}... with id {@code 1}..., role {@code USER}, and a
	 * password derived from the seed. Anyone with the seed has every password, so there
	 * are none by default: the {@code demo} profile's {@code application-demo.yml} sets
	 * 1000 and a seed, and auth-service refuses to start outside that profile with a
	 * count above 0 or a seed.
	 *
	 * @param count how many demo users to make sure exist; 0 seeds none. The first start
	 * hashes every password: at cost 10, about half a minute for 1000 users on 2 cores
	 * @param csv where to write their credentials ({@code username,password}) for the
	 * load tests
	 * @param passwordSeed what the deterministic passwords are derived from, so that
	 * re-runs agree; required when {@code count} is above 0
	 */
	public record DemoUsers(@DefaultValue("0") @Min(0) int count,
			@DefaultValue("target/kit/demo-users.csv") @NotNull Path csv, @Nullable String passwordSeed) {

		public DemoUsers {
			if (count > 0 && (passwordSeed == null || passwordSeed.isBlank())) {
				throw new IllegalArgumentException("kit.auth.demo-users.password-seed must be set when "
						+ "kit.auth.demo-users.count is above 0 (the demo profile sets both)");
			}
		}

		@Override
		public String toString() {
			// The seed is every demo password.
			return "DemoUsers[count=" + this.count + ", csv=" + this.csv + ", passwordSeed="
					+ ((this.passwordSeed != null) ? "******" : "null") + "]";
		}

	}

}
