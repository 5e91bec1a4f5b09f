package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.Map;

import dev.gatewaykit.common.IdentityHeaders;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the login rate limit turned off, the login route is still there and still drops
 * the client's {@code Authorization} and sets the client address: only the limiter goes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LoginRateLimitOffIntegrationTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.gateway.login-rate-limit.enabled", () -> "false");
		registry.add("kit.gateway.login-rate-limit.burst-capacity", () -> "1");
	}

	@LocalServerPort
	int port;

	@Test
	void routesEveryLoginWithoutALimit() {
		WebTestClient client = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
		for (int i = 0; i < 3; i++) {
			Map<String, Object> seen = client.post()
				.uri("/api/auth/oauth/token")
				.header("Authorization", "Basic Z2F0ZXdheTpndWVzcw==")
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
				})
				.returnResult()
				.getResponseBody();
			assertThat(seen).containsEntry("path", "/oauth/token")
				.containsEntry("Authorization", null)
				.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "127.0.0.1");
		}
	}

}
