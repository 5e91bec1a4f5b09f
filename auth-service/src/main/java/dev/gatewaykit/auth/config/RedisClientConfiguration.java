package dev.gatewaykit.auth.config;

import io.lettuce.core.ClientOptions.DisconnectedBehavior;

import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * How the Lettuce client behaves when Redis goes away.
 */
@Configuration(proxyBeanMethods = false)
public class RedisClientConfiguration {

	/**
	 * Fail commands at once while the connection is down, rather than buffer them until it comes back: Lettuce's
	 * default would hold every request for the whole command timeout (and queue them in memory) during an outage,
	 * while the client is better served by an immediate 503.
	 */
	@Bean
	LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
		return (options) -> options.disconnectedBehavior(DisconnectedBehavior.REJECT_COMMANDS);
	}

}
