package dev.gatewaykit.auth.config;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

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
 * @param lockout the brute-force lockout of user accounts
 * @param gatewayClient the credentials the gateway presents to fetch relay tokens
 * @param demoUsers the demo users seeded at start-up for the load tests
 */
@Validated
@ConfigurationProperties("kit.auth")
public record AuthProperties(@DefaultValue("10") @Min(4) @Max(31) int bcryptCost,
		@DefaultValue("60s") @NotNull Duration relayTokenTtl, @DefaultValue("2s") @NotNull Duration redisTimeout,
		@DefaultValue @Valid Session session, @DefaultValue @Valid Lockout lockout,
		@DefaultValue @Valid GatewayClient gatewayClient, @DefaultValue @Valid DemoUsers demoUsers) {

	/**
	 * Login sessions ({@code kit:session:{token}}).
	 *
	 * @param idleTimeout the session key's TTL; the gateway refreshes it on every request
	 * @param maxLifetime the absolute lifetime written into the session as
	 * {@code expiresAt}, after which the gateway refuses it however active it is
	 */
	public record Session(@DefaultValue("30m") @NotNull Duration idleTimeout,
			@DefaultValue("8h") @NotNull Duration maxLifetime) {
	}

	/**
	 * Brute-force lockout ({@code kit:login:failures:{username}},
	 * {@code kit:login:locked:{username}}).
	 *
	 * @param maxFailures consecutive failed logins that lock the account
	 * @param window how long a failure is remembered, counted from the first failure of a
	 * series
	 * @param duration how long a locked account stays locked
	 * @param resetFlushInterval how often the failure counters of users who logged in
	 * successfully are cleared; a reset can land up to this much late
	 * @param resetBatchSize most usernames cleared by one {@code DEL}; also how many
	 * pending resets are held in memory before a login has to flush them itself
	 */
	public record Lockout(@DefaultValue("5") @Min(1) int maxFailures, @DefaultValue("15m") @NotNull Duration window,
			@DefaultValue("15m") @NotNull Duration duration,
			@DefaultValue("200ms") @NotNull Duration resetFlushInterval,
			@DefaultValue("256") @Min(1) int resetBatchSize) {
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
	 * password derived from the seed.
	 *
	 * @param count how many demo users to make sure exist; 0 seeds none. The first start
	 * hashes every password: at cost 10, about half a minute for 1000 users on 2 cores
	 * @param csv where to write their credentials ({@code username,password}) for the
	 * load tests
	 * @param passwordSeed what the deterministic passwords are derived from, so that
	 * re-runs agree
	 */
	public record DemoUsers(@DefaultValue("1000") @Min(0) int count,
			@DefaultValue("target/kit/demo-users.csv") @NotNull Path csv,
			@DefaultValue("gateway-perf-kit-demo") @NotBlank String passwordSeed) {
	}

}
