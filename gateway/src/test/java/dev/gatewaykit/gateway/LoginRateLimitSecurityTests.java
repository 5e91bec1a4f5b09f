package dev.gatewaykit.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "logins are not rate limited" (issue 12): any client could try passwords as
 * fast as auth-service hashes them. With a real Redis behind SCG's rate limiter and a
 * bucket of {@value #BURST} logins earned back at one a minute, the next login from the
 * same client address (as nginx forwards it, from a trusted proxy on 127.0.0.1) is 429
 * with the kit's JSON and {@code Retry-After}, while another address is unaffected.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "kit.gateway.login-rate-limit.burst-capacity=" + (LoginRateLimitSecurityTests.BURST * 60),
				"kit.gateway.login-rate-limit.requested-tokens=60", "kit.gateway.login-rate-limit.replenish-rate=1" })
class LoginRateLimitSecurityTests {

	static final int BURST = 3;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void refusesTheLoginAfterTheBurstFromOneAddressWith429Json() throws Exception {
		// A fresh address per run: the buckets live in Redis, which other tests share.
		String client = randomAddress();
		for (int i = 0; i < BURST; i++) {
			HttpResponse<String> login = login(client);
			assertThat(login.statusCode()).as("login %d of %d: %s", i + 1, BURST, login.headers().map()).isEqualTo(200);
		}
		HttpResponse<String> refused = login(client);
		assertThat(refused.statusCode()).as("login %d", BURST + 1).isEqualTo(429);
		assertThat(refused.body()).contains("\"status\":429", "\"error\":\"too_many_requests\"");
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
		assertThat(refused.headers().firstValue("Retry-After"))
			.hasValueSatisfying((seconds) -> assertThat(Integer.parseInt(seconds)).isPositive());

		assertThat(login(randomAddress()).statusCode()).as("another address").isEqualTo(200);
	}

	@Test
	void limitsLoginsOnly() throws Exception {
		String client = randomAddress();
		for (int i = 0; i <= BURST; i++) {
			login(client);
		}
		String token = GatewayIntegrationTestSupport.login("9");
		HttpResponse<String> browse = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/mall/products/1"))
				.header("Authorization", "Bearer " + token)
				.header("X-Forwarded-For", client)
				.timeout(Duration.ofSeconds(5))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(browse.statusCode()).isEqualTo(200);
	}

	private HttpResponse<String> login(String forwardedFor) throws Exception {
		return this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/auth/oauth/token"))
				.header("Content-Type", "application/json")
				.header("X-Forwarded-For", forwardedFor)
				.timeout(Duration.ofSeconds(5))
				.POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"u\",\"password\":\"p\"}"))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String randomAddress() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		return "198.51." + random.nextInt(256) + "." + random.nextInt(1, 255);
	}

}
