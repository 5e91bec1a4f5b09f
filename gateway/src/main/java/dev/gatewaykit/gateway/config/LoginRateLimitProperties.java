package dev.gatewaykit.gateway.config;

import java.util.List;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The login route's rate limit: Spring Cloud Gateway's {@code RequestRateLimiter} with
 * its Redis token bucket, one bucket per client address, shared by every gateway on the
 * same Redis. Each login takes a token; a client that has none left gets 429.
 * <p>
 * The defaults (200 logins at once, 10 a second after that) let the bench through: its
 * simulation logs in {@code bench.loginPool} users (100 by default) from 127.0.0.1 at 25
 * a second before the load, which takes 100 of the 200 tokens less the 10 a second earned
 * back meanwhile, and 20 s fill the bucket again. A pool over about 300 users needs a
 * larger burst.
 *
 * @param enabled whether the login route is limited at all
 * @param replenishRate tokens a second one address earns back
 * @param burstCapacity the most tokens one address can hold (the bucket's size)
 * @param requestedTokens tokens a login costs: with more than one, a rate below one login
 * a second (a replenish rate of 1 and 60 tokens a login is one login a minute)
 * @param trustedProxies addresses or CIDR ranges of the proxies in front of the gateway
 * (nginx): only a request from one of these has its {@code X-Forwarded-For} believed, hop
 * by hop from the right; anyone else could write any address there and get a fresh bucket
 * per request
 */
@Validated
@ConfigurationProperties("kit.gateway.login-rate-limit")
public record LoginRateLimitProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("10") @Min(1) int replenishRate, @DefaultValue("200") @Min(1) int burstCapacity,
		@DefaultValue("1") @Min(1) int requestedTokens, @DefaultValue( {
				"127.0.0.1", "::1" }) @NotNull List<String> trustedProxies){

	public LoginRateLimitProperties {
		if (burstCapacity < requestedTokens) {
			throw new IllegalArgumentException("kit.gateway.login-rate-limit.burst-capacity (" + burstCapacity
					+ ") must be at least requested-tokens (" + requestedTokens + "), or no login ever gets through");
		}
	}

}
