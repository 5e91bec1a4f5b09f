package dev.gatewaykit.gateway;

import java.time.Duration;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.launcher.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With Redis gone, every mode answers 503 with a JSON body within a bounded time: the
 * gateway fails closed and never hangs. Uses a Redis of its own, stopped before the first
 * test.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RedisDownIntegrationTests {

	static final RedisServer redis = RedisServer.start();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("spring.data.redis.port", redis::port);
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

	@AfterAll
	static void stopRedis() {
		redis.close();
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers503WhenRedisIsDown(ExecutionMode mode) {
		redis.close();
		this.modes.switchTo(mode);
		long start = System.nanoTime();
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer c29tZS10b2tlbg")
			.exchange()
			.expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("session_store_unavailable");
		// The session timeout is 500 ms here; the margin absorbs a loaded CI machine, not
		// a hang.
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
	}

}
