package dev.gatewaykit.auth;

import dev.gatewaykit.launcher.RedisServer;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

/**
 * One real redis-server for the test JVM, started on first use on a free port and stopped
 * by its shutdown hook. Imported by {@link AuthServiceIntegrationTest}, which points
 * {@code spring.data.redis.port} at it.
 */
@TestConfiguration(proxyBeanMethods = false)
public class SharedRedis {

	private static final RedisServer SERVER = RedisServer.start();

	public static RedisServer server() {
		return SERVER;
	}

	@Bean
	DynamicPropertyRegistrar sharedRedisPort() {
		return (registry) -> registry.add("spring.data.redis.port", SERVER::port);
	}

}
