package dev.gatewaykit.auth.web;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.RedisServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Has a Redis and a context of its own, because it stops that Redis; the context is
 * closed afterwards.
 */
@ActiveProfiles("demo")
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "kit.auth.bcrypt-cost=4", "kit.auth.demo-users.count=0" })
@AutoConfigureWebTestClient
@DirtiesContext
class RedisOutageIntegrationTests {

	private static final RedisServer redis = RedisServer.start();

	@Autowired
	private WebTestClient client;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
	}

	@AfterAll
	static void stopRedis() {
		redis.close();
	}

	@Test
	void answers503WithJsonPromptlyWhenRedisIsDown() {
		// Known to work first, so the 503 below is the outage's doing.
		login().expectStatus().isUnauthorized();

		redis.close();

		// The response timeout is the bound: Lettuce rejects commands while disconnected,
		// and every Redis call has kit.auth.redis-timeout (2s) on it in case it does not.
		WebTestClient bounded = this.client.mutate().responseTimeout(Duration.ofSeconds(5)).build();
		login(bounded).expectStatus()
			.isEqualTo(503)
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":503,"error":"service_unavailable"}""");
		bounded.get().uri("/actuator/health").exchange().expectStatus().isEqualTo(503);
	}

	private WebTestClient.ResponseSpec login() {
		return login(this.client);
	}

	private static WebTestClient.ResponseSpec login(WebTestClient client) {
		return client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", "someone", "password", "something"))
			.exchange();
	}

}
