package dev.gatewaykit.auth.config;

import io.lettuce.core.ClientOptions.DisconnectedBehavior;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * How the Lettuce client connects, and behaves when Redis goes away.
 */
@Configuration(proxyBeanMethods = false)
public class RedisClientConfiguration {

	/**
	 * Fail commands at once while the connection is down, rather than buffer them until
	 * it comes back: Lettuce's default would hold every request for the whole command
	 * timeout (and queue them in memory) during an outage, while the client is better
	 * served by an immediate 503.
	 */
	@Bean
	LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
		return (options) -> options.disconnectedBehavior(DisconnectedBehavior.REJECT_COMMANDS);
	}

	/**
	 * Opens the shared Redis connection at start-up. Left lazy, the first command would
	 * open it with a blocking connect, on an event loop if that command comes from a
	 * request (as it does with no demo users to seed).
	 */
	@Bean
	static BeanPostProcessor eagerRedisConnection() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof LettuceConnectionFactory factory) {
					factory.setEagerInitialization(true);
				}
				return bean;
			}
		};
	}

}
