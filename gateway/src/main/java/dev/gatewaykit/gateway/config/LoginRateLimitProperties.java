package dev.gatewaykit.gateway.config;

import java.util.List;

import dev.gatewaykit.gateway.filter.ClientAddressKeyResolver;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The login route's rate limit: Spring Cloud Gateway's {@code RequestRateLimiter} with
 * its Redis token bucket, one bucket per client address (an IPv6 client's /64; see
 * {@link ClientAddressKeyResolver}), shared by every gateway on the same Redis. Each
 * login takes a token; a client that has none left gets 429 with {@code Retry-After}.
 * <p>
 * The defaults are production's: 5 logins at once, then one a second, which no person
 * typing a password notices and which holds a password guesser to 86 400 guesses a day
 * per address (auth-service's lockout slows it further). A load test that logs in a pool
 * of users from one address needs a larger bucket, and its launcher passes one.
 *
 * @param enabled whether the login route is limited at all
 * @param replenishRate tokens a second one address earns back
 * @param burstCapacity the most tokens one address can hold (the bucket's size)
 * @param requestedTokens tokens a login costs: with more than one, a rate below one login
 * a second (a replenish rate of 1 and 60 tokens a login is one login a minute)
 * @param trustedProxies addresses or CIDR ranges of the proxies in front of the gateway
 * (nginx): a request from one of these is keyed by the last {@code X-Forwarded-For}
 * entry, the address that proxy saw, and by nothing the client wrote before it; any other
 * request by its peer address
 */
@Validated
@ConfigurationProperties("kit.gateway.login-rate-limit")
public record LoginRateLimitProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("1") @Min(1) int replenishRate, @DefaultValue("5") @Min(1) int burstCapacity,
		@DefaultValue("1") @Min(1) int requestedTokens, @DefaultValue( {
				"127.0.0.1", "::1" }) @NotNull List<String> trustedProxies){

	public LoginRateLimitProperties {
		if (burstCapacity < requestedTokens) {
			throw new IllegalArgumentException("kit.gateway.login-rate-limit.burst-capacity (" + burstCapacity
					+ ") must be at least requested-tokens (" + requestedTokens + "), or no login ever gets through");
		}
	}

	/**
	 * How long a refused client waits for one login's worth of tokens, rounded up: what
	 * {@code Retry-After} says. An upper bound, since a refused client holds fewer tokens
	 * than a login costs but maybe some.
	 */
	public long secondsPerLogin() {
		return Math.max(1, (this.requestedTokens + this.replenishRate - 1) / this.replenishRate);
	}

}
