package dev.gatewaykit.mall;

import java.time.Duration;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.launcher.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureRestTestClient;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.servlet.client.RestTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Its own application context and redis-server, because it kills the server: the context
 * is started against a live Redis (seeding needs it), then Redis goes away for every test
 * of the class.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureRestTestClient
class RedisDownIntegrationTests {

	/**
	 * Far above spring.data.redis.timeout (1 s), far below "hung": the bound that proves
	 * the timeout applies.
	 */
	private static final Duration BOUND = Duration.ofSeconds(10);

	static final RedisServer redis = RedisServer.start();

	@Autowired
	RestTestClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("kit.mall.catalogue.size", () -> 10);
		TestRelayKeys.register(registry);
	}

	@BeforeAll
	static void stopRedis(@Autowired RestTestClient client) {
		// Prove the context works first, so a 503 below can only come from the missing
		// Redis.
		get(client, "/products/1").expectStatus().isOk();
		redis.close();
		assertThat(redis.isAlive()).isFalse();
	}

	@AfterAll
	static void alreadyStopped() {
		redis.close();
	}

	@Test
	void answers503WhenRedisIsDown() {
		assertTimeoutPreemptively(BOUND,
				() -> get(this.client, "/products/1").expectStatus().isEqualTo(503).expectBody().json("""
						{"status":503,"error":"service_unavailable",
						 "message":"the product store is unavailable, try again later"}""", JsonCompareMode.STRICT));
	}

	@Test
	void answers503ForPageWhenRedisIsDown() {
		assertTimeoutPreemptively(BOUND,
				() -> get(this.client, "/products?page=0&size=5").expectStatus()
					.isEqualTo(503)
					.expectBody()
					.jsonPath("$.error")
					.isEqualTo("service_unavailable"));
	}

	@Test
	void reportsDownOnHealth() {
		assertTimeoutPreemptively(BOUND,
				() -> this.client.get()
					.uri("/actuator/health")
					.exchange()
					.expectStatus()
					.isEqualTo(503)
					.expectBody()
					.jsonPath("$.status")
					.isEqualTo("DOWN"));
	}

	@Test
	void stillChecksTheTokenFirst() {
		this.client.get().uri("/products/1").exchange().expectStatus().isUnauthorized();
	}

	private static RestTestClient.ResponseSpec get(RestTestClient client, String uri) {
		String token = TestRelayKeys.validToken();
		return client.get().uri(uri).header(IdentityHeaders.RELAY_TOKEN, token).exchange();
	}

}
