package dev.gatewaykit.gateway;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.mode.ResilientIdentityBackend;
import dev.gatewaykit.gateway.web.ErrorResponses;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract every execution mode must honour: the same inputs give the same statuses,
 * headers and bodies, so that a benchmark between modes compares threading and nothing
 * else. Runs against a real Redis and stub backends, through the real Netty server.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExecutionModeContractIntegrationTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		// Tests here read a breaker's count of failed calls before and after: the
		// template's window of seconds would forget an earlier test's failures in
		// between.
		registry.add("resilience4j.circuitbreaker.configs.default.sliding-window-type", () -> "count-based");
		registry.add("resilience4j.circuitbreaker.configs.default.sliding-window-size", () -> 50);
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

	@Autowired
	CircuitBreakerRegistry breakers;

	@AfterEach
	void restoreBackends() {
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.OK);
		this.modes.switchTo(ExecutionMode.REACTIVE);
	}

	private WebTestClient client(ExecutionMode mode) {
		this.modes.switchTo(mode);
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void forwardsAuthenticatedRequestWithIdentityAndRelayToken(ExecutionMode mode) {
		String token = GatewayIntegrationTestSupport.login("17");
		Map<String, Object> seen = echoed(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange());
		assertThat(seen).containsEntry("path", "/products/1")
			.containsEntry(IdentityHeaders.USER_ID, "17")
			.containsEntry(IdentityHeaders.USER_NAME, "user17")
			// The relay call named the session by its reference, and the stub signed
			// that.
			.containsEntry(IdentityHeaders.RELAY_TOKEN, StubBackends.relayTokenFor(SessionKeys.reference(token)))
			.containsEntry("Authorization", null);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void replacesSpoofedIdentityHeaders(ExecutionMode mode) {
		String token = GatewayIntegrationTestSupport.login("18");
		Map<String, Object> seen = echoed(client(mode).get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.header(IdentityHeaders.USER_ID, "1")
			.header(IdentityHeaders.USER_NAME, "admin")
			.header(IdentityHeaders.RELAY_TOKEN, "forged")
			.header(IdentityHeaders.CLIENT_ADDRESS, "203.0.113.66")
			.exchange());
		assertThat(seen).containsEntry(IdentityHeaders.USER_ID, "18")
			.containsEntry(IdentityHeaders.USER_NAME, "user18")
			.containsEntry(IdentityHeaders.RELAY_TOKEN, StubBackends.relayTokenFor(SessionKeys.reference(token)))
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, null);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void stripsSpoofedIdentityHeadersOnPublicRoutes(ExecutionMode mode) {
		Map<String, Object> seen = echoed(client(mode).post()
			.uri("/api/auth/oauth/token")
			.headers((headers) -> IdentityHeaders.ALL.forEach((name) -> headers.set(name, "forged")))
			.exchange());
		// The client address is the gateway's own: the peer (no X-Forwarded-For here).
		assertThat(seen).containsEntry("path", "/oauth/token")
			.containsEntry(IdentityHeaders.USER_ID, null)
			.containsEntry(IdentityHeaders.USER_NAME, null)
			.containsEntry(IdentityHeaders.RELAY_TOKEN, null)
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "127.0.0.1");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void rejectsMissingToken(ExecutionMode mode) {
		expectError(client(mode).get().uri("/api/mall/products/1").exchange(), HttpStatus.UNAUTHORIZED, "unauthorized",
				"bearer token is missing or malformed; send 'Authorization: Bearer <token>'");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void rejectsGarbageToken(ExecutionMode mode) {
		expectError(
				client(mode).get()
					.uri("/api/mall/products/1")
					.header("Authorization", "Bearer not a token!")
					.exchange(),
				HttpStatus.UNAUTHORIZED, "unauthorized",
				"bearer token is missing or malformed; send 'Authorization: Bearer <token>'");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void rejectsUnknownToken(ExecutionMode mode) {
		expectError(
				client(mode).get()
					.uri("/api/mall/products/1")
					.header("Authorization", "Bearer bm90LWEtc2Vzc2lvbg")
					.exchange(),
				HttpStatus.UNAUTHORIZED, "unauthorized", "token is unknown or has expired; log in again");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void rejectsSessionPastItsLifetime(ExecutionMode mode) {
		String token = GatewayIntegrationTestSupport.login("19", Duration.ofMillis(-1));
		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.UNAUTHORIZED, "unauthorized", "session has reached its maximum lifetime; log in again");
	}

	/**
	 * A session value auth-service could not have written reads as no session: 401, not a
	 * 500, and not a failure of the session store for its circuit breaker (Redis
	 * answered).
	 */
	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void treatsMalformedSessionDataAsNoSession(ExecutionMode mode) {
		CircuitBreaker.Metrics breaker = this.breakers.circuitBreaker(ResilientIdentityBackend.SESSION_STORE)
			.getMetrics();
		long failedBefore = breaker.getNumberOfFailedCalls();
		for (String value : List.of("null", "not json", "42", "\"text\"", "[]", "{}", "{\"userId\":\"1\"}",
				"{\"userId\":{},\"username\":\"x\"}",
				"{\"userId\":\"1\",\"username\":\"x\",\"expiresAt\":\"never\"}")) {
			String token = GatewayIntegrationTestSupport.storeSession(value);
			expectError(
					client(mode).get()
						.uri("/api/mall/products/1")
						.header("Authorization", "Bearer " + token)
						.exchange(),
					HttpStatus.UNAUTHORIZED, "unauthorized", "token is unknown or has expired; log in again");
		}
		assertThat(breaker.getNumberOfFailedCalls()).as("session-store failures").isEqualTo(failedBefore);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void slidesTheIdleTimeout(ExecutionMode mode) {
		String token = GatewayIntegrationTestSupport.login("20");
		GatewayIntegrationTestSupport.redis.command("EXPIRE " + SessionKeys.of(token) + " 100");
		client(mode).get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.exchange()
			.expectStatus()
			.isOk();
		long ttl = Long
			.parseLong(GatewayIntegrationTestSupport.redis.command("TTL " + SessionKeys.of(token)).substring(1));
		assertThat(ttl).isGreaterThan(1700);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers401WhenTheSessionEndsBeforeTheRelayCall(ExecutionMode mode) {
		CircuitBreaker.Metrics breaker = this.breakers.circuitBreaker(ResilientIdentityBackend.AUTH_SERVICE)
			.getMetrics();
		long failedBefore = breaker.getNumberOfFailedCalls();
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.NO_SUCH_SESSION);
		String token = GatewayIntegrationTestSupport.login("22");

		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.UNAUTHORIZED, "unauthorized", "session has ended; log in again");
		assertThat(breaker.getNumberOfFailedCalls()).as("auth-service failures").isEqualTo(failedBefore);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers502WhenAuthServiceFails(ExecutionMode mode) {
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.FAIL_500);
		String token = GatewayIntegrationTestSupport.login("21");
		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.BAD_GATEWAY, "auth_service_unavailable", null);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers502WithinTheTimeoutWhenAuthServiceStalls(ExecutionMode mode) {
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.STALL);
		String token = GatewayIntegrationTestSupport.login("22");
		long start = System.nanoTime();
		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.BAD_GATEWAY, "auth_service_unavailable", null);
		// Bounded by the configured 1 s relay timeout, not by the stub's 5 s stall
		// (generous margin: shared CI box).
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4500));
	}

	private static Map<String, Object> echoed(WebTestClient.ResponseSpec response) {
		return response.expectStatus().isOk().expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
		}).returnResult().getResponseBody();
	}

	/**
	 * The error body; a 5xx one's message is the same in every mode, and names the
	 * request id the gateway logged its detail under.
	 */
	private static void expectError(WebTestClient.ResponseSpec response, HttpStatus status, String error,
			@Nullable String message) {
		EntityExchangeResult<byte[]> result = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(status.value())
			.jsonPath("$.error")
			.isEqualTo(error)
			.returnResult();
		String body = new String(result.getResponseBodyContent(), StandardCharsets.UTF_8);
		if (status.is5xxServerError()) {
			String id = result.getResponseHeaders().getFirst(ErrorResponses.REQUEST_ID_HEADER);
			assertThat(id).as("request id header").isNotBlank();
			assertThat(body)
				.contains("\"message\":\"auth-service did not issue a relay token; try again later (request id " + id
						+ ")\"");
		}
		else {
			assertThat(body).contains("\"message\":\"" + message + "\"");
		}
	}

}
