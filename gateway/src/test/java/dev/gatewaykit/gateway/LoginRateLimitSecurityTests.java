package dev.gatewaykit.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The login rate limit against a real Redis behind SCG's rate limiter, with a bucket of
 * {@value #BURST} logins earned back at one a minute, and the test's 127.0.0.1 and
 * {@code 10.0.0.0/8} as the trusted proxies (nginx, on the same host or the internal
 * network). The next login from the same client is 429 with the kit's JSON and
 * {@code Retry-After}, while another client is unaffected; what a client writes into
 * {@code X-Forwarded-For} itself never buys it a fresh bucket, an IPv6 client's whole /64
 * shares one, and no answer tells the client how many tokens it has left.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LoginRateLimitSecurityTests {

	static final int BURST = 3;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.gateway.login-rate-limit.burst-capacity", () -> BURST * 60);
		registry.add("kit.gateway.login-rate-limit.requested-tokens", () -> 60);
		registry.add("kit.gateway.login-rate-limit.replenish-rate", () -> 1);
		registry.add("kit.gateway.login-rate-limit.trusted-proxies", () -> "127.0.0.1,::1,10.0.0.0/8");
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
		// 60 tokens a login at 1 a second: a minute.
		assertThat(refused.headers().firstValue("Retry-After")).hasValue("60");

		assertThat(login(randomAddress()).statusCode()).as("another address").isEqualTo(200);
	}

	/**
	 * A client behind the trusted proxy writes a fresh address into
	 * {@code X-Forwarded-For} every time; the proxy appends the address it saw, here in
	 * its own trusted network. Only that last entry counts: walking further back through
	 * trusted hops would reach the address the client wrote.
	 */
	@Test
	void aClientCannotPickItsBucketByWritingForwardedFor() throws Exception {
		String seenByTheProxy = "10." + randomOctet() + "." + randomOctet() + "." + randomOctet();
		for (int i = 0; i < BURST; i++) {
			assertThat(login("198.51.100." + (i + 1) + ", " + seenByTheProxy).statusCode()).isEqualTo(200);
		}
		assertThat(login("198.51.100.99, " + seenByTheProxy).statusCode()).isEqualTo(429);
	}

	@Test
	void keysAnIpv6ClientByItsSlash64() throws Exception {
		String network = "2001:db8:" + Integer.toHexString(randomOctet() * 256 + randomOctet()) + ":"
				+ Integer.toHexString(randomOctet()) + ":";
		for (int i = 0; i < BURST; i++) {
			assertThat(login(network + "1:2:3:" + Integer.toHexString(i + 1)).statusCode()).isEqualTo(200);
		}
		assertThat(login(network + "aaaa:bbbb:cccc:dddd").statusCode()).isEqualTo(429);
	}

	@Test
	void tellsTheClientNothingAboutItsBucket() throws Exception {
		String client = randomAddress();
		for (int i = 0; i <= BURST; i++) {
			HttpResponse<String> login = login(client);
			assertThat(login.headers().map().keySet()).as("login %d", i + 1)
				.noneMatch((name) -> name.toLowerCase(Locale.ROOT).startsWith("x-ratelimit"));
		}
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
		return "198.51." + randomOctet() + "." + ThreadLocalRandom.current().nextInt(1, 255);
	}

	private static int randomOctet() {
		return ThreadLocalRandom.current().nextInt(256);
	}

}
