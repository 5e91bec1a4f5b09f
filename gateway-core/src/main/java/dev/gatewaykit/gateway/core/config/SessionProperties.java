package dev.gatewaykit.gateway.core.config;

import java.time.Duration;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a gateway reads sessions from Redis ({@code kit.gateway.session}), the same keys
 * and defaults in both gateways.
 *
 * @param idleTimeout the TTL set by the EXPIRE on every request; must match
 * auth-service's idle timeout
 * @param timeout the longest the gateway waits for Redis before answering 503 (fail
 * closed); also Lettuce's command timeout, which is what bounds the blocking calls
 */
public record SessionProperties(@DefaultValue("30m") @NotNull Duration idleTimeout,
		@DefaultValue("1s") @NotNull Duration timeout) {
}
