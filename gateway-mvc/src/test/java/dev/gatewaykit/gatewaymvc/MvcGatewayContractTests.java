package dev.gatewaykit.gatewaymvc;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.auth.BearerAuthentication;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.testing.StubBackends;
import dev.gatewaykit.launcher.RedisServer;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the MVC gateway must answer like the WebFlux gateway (whose
 * {@code ExecutionModeContractIntegrationTests} states the same cases and words), through
 * its real Tomcat, against a real Redis and the shared stub backends. Each subclass runs
 * it in one mode.
 */
abstract class MvcGatewayContractTests {

	static final RedisServer redis = RedisServer.start();

	static final StubBackends backends = new StubBackends();

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	CircuitBreakerRegistry breakers;

	@Autowired
	BulkheadRegistry bulkheads;

	/** The mode {@code /actuator/kit} must answer. */
	abstract String expectedMode();

	/**
	 * Its {@code tomcatThreads}: the platform pool's size, or null on virtual threads.
	 */
	abstract @Nullable Integer expectedTomcatThreads();

	/** The {@code kit_thread_cpu_seconds_total} pool that runs the requests' code. */
	abstract String busyPool();

	/** A pool that must stay at zero in this mode, if there is one. */
	abstract @Nullable String idlePool();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("kit.routes.auth-uri", backends::authUrl);
		registry.add("kit.routes.mall-uri", backends::mallUrl);
		registry.add("kit.gateway.auth-service.client-secret", () -> StubBackends.CLIENT_SECRET);
		registry.add("kit.gateway.auth-service.timeout", () -> "1s");
		registry.add("kit.gateway.session.timeout", () -> "500ms");
	}

	@AfterEach
	void restoreBackends() {
		backends.relay.set(StubBackends.RelayBehaviour.OK);
	}

	@Test
	void guardsItsDependenciesWithTheWebFluxGatewaysBreakersAndBulkheads() {
		for (String dependency : List.of(IdentityUnavailableException.SESSION_STORE,
				IdentityUnavailableException.AUTH_SERVICE)) {
			CircuitBreakerConfig breaker = this.breakers.circuitBreaker(dependency).getCircuitBreakerConfig();
			assertThat(breaker.getSlidingWindowType()).as(dependency)
				.isEqualTo(CircuitBreakerConfig.SlidingWindowType.TIME_BASED);
			assertThat(breaker.getSlidingWindowSize()).as(dependency).isEqualTo(3);
			assertThat(breaker.getMinimumNumberOfCalls()).as(dependency).isEqualTo(20);
		}
		assertThat(this.bulkheads.bulkhead(IdentityUnavailableException.SESSION_STORE)
			.getBulkheadConfig()
			.getMaxConcurrentCalls()).isEqualTo(1000);
		assertThat(this.bulkheads.bulkhead(IdentityUnavailableException.AUTH_SERVICE)
			.getBulkheadConfig()
			.getMaxConcurrentCalls()).isEqualTo(500);
	}

	@Test
	void forwardsAuthenticatedRequestWithIdentityAndRelayToken() throws Exception {
		String token = login("17", Duration.ofHours(1));
		HttpResponse<String> response = get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token));

		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> seen = json.readValue(response.body(), Map.class);
		assertThat(seen).containsEntry("path", "/products/1")
			.containsEntry(IdentityHeaders.USER_ID, "17")
			.containsEntry(IdentityHeaders.USER_NAME, "user17")
			.containsEntry(IdentityHeaders.RELAY_TOKEN, StubBackends.relayTokenFor(SessionKeys.reference(token)))
			.containsEntry("Authorization", null);
	}

	@Test
	void replacesSpoofedIdentityHeaders() throws Exception {
		String token = login("18", Duration.ofHours(1));
		HttpResponse<String> response = get("/api/mall/products/1",
				Map.of("Authorization", "Bearer " + token, IdentityHeaders.USER_ID, "1", IdentityHeaders.USER_NAME,
						"admin", IdentityHeaders.RELAY_TOKEN, "forged", IdentityHeaders.CLIENT_ADDRESS,
						"203.0.113.66"));

		Map<String, Object> seen = json.readValue(response.body(), Map.class);
		assertThat(seen).containsEntry(IdentityHeaders.USER_ID, "18")
			.containsEntry(IdentityHeaders.USER_NAME, "user18")
			.containsEntry(IdentityHeaders.RELAY_TOKEN, StubBackends.relayTokenFor(SessionKeys.reference(token)))
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, null);
	}

	@Test
	void rejectsMissingTokenWithTheWebFluxGatewaysBytes() throws Exception {
		HttpResponse<String> response = get("/api/mall/products/1", Map.of());

		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer");
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
		assertThat(response.body()).isEqualTo("{\"status\":401,\"error\":\"unauthorized\",\"message\":"
				+ "\"bearer token is missing or malformed; send 'Authorization: Bearer <token>'\"}");
	}

	@Test
	void rejectsGarbageToken() throws Exception {
		assertError(get("/api/mall/products/1", Map.of("Authorization", "Bearer not-a-token!")), 401,
				"bearer token is missing or malformed; send 'Authorization: Bearer <token>'");
	}

	@Test
	void rejectsUnknownToken() throws Exception {
		assertError(get("/api/mall/products/1", Map.of("Authorization", "Bearer bm90LWEtc2Vzc2lvbg")), 401,
				"token is unknown or has expired; log in again");
	}

	@Test
	void rejectsSessionPastItsLifetime() throws Exception {
		String token = login("19", Duration.ofMillis(-1));
		assertError(get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token)), 401,
				"session has reached its maximum lifetime; log in again");
	}

	@Test
	void slidesTheIdleTimeout() throws Exception {
		String token = login("20", Duration.ofHours(1));
		redis.command("EXPIRE " + SessionKeys.of(token) + " 100");

		assertThat(get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token)).statusCode()).isEqualTo(200);
		assertThat(Long.parseLong(redis.command("TTL " + SessionKeys.of(token)).substring(1))).isGreaterThan(1700);
	}

	@Test
	void answers401WhenTheSessionEndsBeforeTheRelayCall() throws Exception {
		backends.relay.set(StubBackends.RelayBehaviour.NO_SUCH_SESSION);
		String token = login("22", Duration.ofHours(1));
		assertError(get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token)), 401,
				"session has ended; log in again");
	}

	@Test
	void answers502WithinTheTimeoutWhenAuthServiceStalls() throws Exception {
		backends.relay.set(StubBackends.RelayBehaviour.STALL);
		String token = login("23", Duration.ofHours(1));
		long start = System.nanoTime();

		HttpResponse<String> response = get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token));

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4500));
		assertThat(response.statusCode()).isEqualTo(502);
		String id = response.headers().firstValue("X-Request-Id").orElseThrow();
		assertThat(response.body()).isEqualTo("{\"status\":502,\"error\":\"auth_service_unavailable\",\"message\":"
				+ "\"auth-service did not issue a relay token; try again later (request id " + id + ")\"}");
	}

	@Test
	void kitEndpointAnswersTheModeFromTomcatsThreadsAndTheWebFluxGatewaysFacts() throws Exception {
		HttpResponse<String> response = management("/actuator/kit");

		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> kit = json.readValue(response.body(), Map.class);
		assertThat(kit).containsOnlyKeys("mode", "publicPathsMatcher", "publicPaths", "tomcatThreads", "carrierThreads",
				"availableProcessors", "sessionTimeoutMs", "relayTimeoutMs", "pinCarriers");
		assertThat(kit).containsEntry("mode", expectedMode())
			.containsEntry("tomcatThreads", expectedTomcatThreads())
			.containsEntry("publicPathsMatcher", "path-pattern")
			.containsEntry("publicPaths", List.of("/api/auth/oauth/token", "/actuator/health"))
			.containsEntry("availableProcessors", Runtime.getRuntime().availableProcessors())
			.containsEntry("sessionTimeoutMs", 500)
			.containsEntry("relayTimeoutMs", 1000);
		assertThat((Integer) kit.get("carrierThreads")).isPositive();
	}

	@Test
	void managementIsNotReachableThroughTheGatewayPort() throws Exception {
		assertThat(get("/actuator/kit", Map.of()).statusCode()).isEqualTo(404);
		assertThat(get("/actuator/prometheus", Map.of()).statusCode()).isEqualTo(404);
	}

	@Test
	void prometheusCountsEachAuthenticatedRequestAndItsBlockingCallsUnderTheWebFluxNames() throws Exception {
		String token = login("24", Duration.ofHours(1));
		String before = management("/actuator/prometheus").body();

		assertThat(get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token)).statusCode()).isEqualTo(200);
		assertThat(get("/api/mall/products/1", Map.of()).statusCode()).as("no token: no session lookup").isEqualTo(401);

		String after = management("/actuator/prometheus").body();
		assertThat(after).contains("# HELP kit_requests_total Authenticated requests (session lookups)");
		assertThat(sample(after, "kit_requests_total", "") - sample(before, "kit_requests_total", "")).isEqualTo(1.0);
		for (String call : List.of("session", "relay")) {
			String labels = "call=\"" + call + "\"";
			assertThat(sample(after, "kit_blocking_calls_seconds_count", labels)
					- sample(before, "kit_blocking_calls_seconds_count", labels))
				.as(call)
				.isEqualTo(1.0);
			assertThat(sample(after, "kit_blocking_calls_seconds_sum", labels))
				.isGreaterThan(sample(before, "kit_blocking_calls_seconds_sum", labels));
		}
		assertThat(sample(after, "kit_thread_cpu_seconds_total", "pool=\"" + busyPool() + "\"")).as(busyPool())
			.isPositive();
		if (idlePool() != null) {
			assertThat(sample(after, "kit_thread_cpu_seconds_total", "pool=\"" + idlePool() + "\"")).as(idlePool())
				.isZero();
		}
	}

	@Test
	void loginReachesAuthServiceWithoutTheClientsAuthorizationAndWithItsAddress() throws Exception {
		HttpResponse<String> response = post("/api/auth/oauth/token",
				Map.of("Authorization", "Basic Z2F0ZXdheTpndWVzcw==", IdentityHeaders.CLIENT_ADDRESS, "198.51.100.1",
						IdentityHeaders.USER_ID, "1", "X-Forwarded-For", "203.0.113.7"));

		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> seen = json.readValue(response.body(), Map.class);
		assertThat(seen).containsEntry("path", "/oauth/token")
			.containsEntry("Authorization", null)
			.containsEntry(IdentityHeaders.USER_ID, null)
			.as("the address nginx (a trusted proxy) wrote, never the client's own header")
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "203.0.113.7");
	}

	@Test
	void revokeIsCheckedLikeAnyRouteAndPassesTheBearerTokenOn() throws Exception {
		assertError(post("/api/auth/oauth/revoke", Map.of()), 401, BearerAuthentication.MISSING_TOKEN);
		assertError(post("/api/auth/oauth/revoke-all", Map.of("Authorization", "Bearer bm90LWEtc2Vzc2lvbg")), 401,
				BearerAuthentication.UNKNOWN_TOKEN);
		String token = login("25", Duration.ofHours(1));

		HttpResponse<String> response = post("/api/auth/oauth/revoke-all", Map.of("Authorization", "Bearer " + token));

		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> seen = json.readValue(response.body(), Map.class);
		assertThat(seen).containsEntry("path", "/oauth/revoke-all")
			.containsEntry("Authorization", "Bearer " + token)
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "127.0.0.1");
	}

	@Test
	void routesNothingElseOfAuthService() throws Exception {
		assertThat(get("/api/auth/oauth/token", Map.of()).statusCode()).as("GET login").isEqualTo(404);
		assertThat(post("/api/auth/relay-token", Map.of()).statusCode()).as("relay endpoint").isEqualTo(404);
		assertThat(post("/api/auth/actuator/health", Map.of()).statusCode()).as("actuator").isEqualTo(404);
	}

	HttpResponse<String> post(String path, Map<String, String> headers) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.POST(HttpRequest.BodyPublishers.ofString("grant_type=password&username=u&password=p"))
			.header("Content-Type", "application/x-www-form-urlencoded");
		headers.forEach(request::header);
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	HttpResponse<String> management(String path) throws Exception {
		return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + path))
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** One sample of a Prometheus scrape: the line with exactly these labels. */
	private static double sample(String scrape, String name, String labels) {
		String prefix = labels.isEmpty() ? name + " " : name + "{" + labels + "} ";
		return scrape.lines()
			.filter((line) -> line.startsWith(prefix))
			.map((line) -> Double.parseDouble(line.substring(prefix.length()).trim()))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + prefix + "in\n" + scrape));
	}

	HttpResponse<String> get(String path, Map<String, String> headers) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10));
		headers.forEach(request::header);
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static void assertError(HttpResponse<String> response, int status, String message) {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(response.body())
			.isEqualTo("{\"status\":" + status + ",\"error\":\"unauthorized\",\"message\":\"" + message + "\"}");
	}

	/** Stores a session the way auth-service does and returns its token. */
	static String login(String userId, Duration lifetime) {
		String token = UUID.randomUUID().toString().replace("-", "");
		long now = Instant.now().toEpochMilli();
		String value = "{\"userId\":\"" + userId + "\",\"username\":\"user" + userId + "\",\"roles\":[\"USER\"],"
				+ "\"issuedAt\":" + now + ",\"expiresAt\":" + (now + lifetime.toMillis()) + "}";
		assertThat(redis.command("SET " + SessionKeys.of(token) + " '" + value + "' EX 1800")).isEqualTo("+OK");
		return token;
	}

}
