package dev.gatewaykit.auth.session;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.auth.login.TokenResponse;
import dev.gatewaykit.common.session.SessionKeys;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "bearer tokens in Redis key names": sessions were stored under
 * {@code kit:session:{token}}, so anyone who could list Redis keys (a {@code KEYS *}, a
 * dump, a monitoring tool) held every live session. Now the key holds a SHA-256 of the
 * token.
 */
@AuthServiceIntegrationTest
class SessionKeysSecurityTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private ReactiveStringRedisTemplate redis;

	@Test
	void redisHoldsNoKeyContainingTheRawToken() {
		DemoUser user = TestDemoUsers.user(13);
		TokenResponse response = this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", user.username(), "password", user.password()))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(TokenResponse.class)
			.returnResult()
			.getResponseBody();
		assertThat(response).isNotNull();
		String token = response.accessToken();

		StepVerifier.create(this.redis.keys("*").collectList()).assertNext((keys) -> {
			assertThat(keys).noneMatch((key) -> key.contains(token));
			assertThat(keys).contains(SessionKeys.of(token));
		}).expectComplete().verify(Duration.ofSeconds(5));
	}

}
