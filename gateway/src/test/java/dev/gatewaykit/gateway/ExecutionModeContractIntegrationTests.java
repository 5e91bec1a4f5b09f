package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.Map;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.mode.ModeSwitch;
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
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

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
			.containsEntry(IdentityHeaders.RELAY_TOKEN, "relay-for-17")
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
			.exchange());
		assertThat(seen).containsEntry(IdentityHeaders.USER_ID, "18")
			.containsEntry(IdentityHeaders.USER_NAME, "user18")
			.containsEntry(IdentityHeaders.RELAY_TOKEN, "relay-for-18");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void stripsSpoofedIdentityHeadersOnPublicRoutes(ExecutionMode mode) {
		Map<String, Object> seen = echoed(client(mode).post()
			.uri("/api/auth/oauth/token")
			.header(IdentityHeaders.USER_ID, "1")
			.header(IdentityHeaders.RELAY_TOKEN, "forged")
			.exchange());
		assertThat(seen).containsEntry("path", "/oauth/token")
			.containsEntry(IdentityHeaders.USER_ID, null)
			.containsEntry(IdentityHeaders.RELAY_TOKEN, null);
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
	void answers502WhenAuthServiceFails(ExecutionMode mode) {
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.FAIL_500);
		String token = GatewayIntegrationTestSupport.login("21");
		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.BAD_GATEWAY, "auth_service_unavailable",
				"auth-service did not issue a relay token: auth-service answered 500");
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers502WithinTheTimeoutWhenAuthServiceStalls(ExecutionMode mode) {
		GatewayIntegrationTestSupport.backends.relay.set(StubBackends.RelayBehaviour.STALL);
		String token = GatewayIntegrationTestSupport.login("22");
		long start = System.nanoTime();
		expectError(
				client(mode).get().uri("/api/mall/products/1").header("Authorization", "Bearer " + token).exchange(),
				HttpStatus.BAD_GATEWAY, "auth_service_unavailable",
				"auth-service did not issue a relay token: timed out");
		// Bounded by the configured 1 s relay timeout, not by the stub's 5 s stall
		// (generous margin: shared CI box).
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4500));
	}

	private static Map<String, Object> echoed(WebTestClient.ResponseSpec response) {
		return response.expectStatus().isOk().expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
		}).returnResult().getResponseBody();
	}

	private static void expectError(WebTestClient.ResponseSpec response, HttpStatus status, String error,
			String message) {
		response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(status.value())
			.jsonPath("$.error")
			.isEqualTo(error)
			.jsonPath("$.message")
			.isEqualTo(message);
	}

}
