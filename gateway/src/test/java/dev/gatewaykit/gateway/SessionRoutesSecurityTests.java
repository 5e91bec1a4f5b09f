package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.SessionEndpoints;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The routes to auth-service: its three session endpoints, {@code POST} only, and nothing
 * else under {@code /api/auth} (the relay endpoint, the actuator: 404 without reaching
 * it). The login route drops the client's {@code Authorization} (auth-service would check
 * Basic client credentials there); the revoke routes pass the bearer token on once the
 * gateway has found its session; every one of them tells auth-service the client's
 * address as the gateway resolved it, and no client can set that header itself. The auth
 * stub echoes what it received, so its {@code "path"} field appearing means the request
 * got through.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SessionRoutesSecurityTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@Test
	void loginDropsTheClientsAuthorizationAndSaysWhoTheClientIs() {
		Map<String, Object> seen = echoed(client().post()
			.uri(SessionEndpoints.viaGateway(SessionEndpoints.LOGIN))
			.header("Authorization", "Basic Z2F0ZXdheTpndWVzcw==")
			.header("X-Forwarded-For", "198.51.100.23")
			.header(IdentityHeaders.CLIENT_ADDRESS, "203.0.113.66")
			.exchange());
		assertThat(seen).containsEntry("path", SessionEndpoints.LOGIN)
			.containsEntry("Authorization", null)
			// The test connects from 127.0.0.1, a trusted proxy: its last entry is the
			// client.
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "198.51.100.23");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { SessionEndpoints.REVOKE, SessionEndpoints.REVOKE_ALL })
	void revokePassesTheBearerTokenOfALiveSessionOn(String endpoint) {
		String token = GatewayIntegrationTestSupport.login("61");
		Map<String, Object> seen = echoed(client().post()
			.uri(SessionEndpoints.viaGateway(endpoint))
			.header("Authorization", "Bearer " + token)
			.header(IdentityHeaders.CLIENT_ADDRESS, "203.0.113.66")
			.header(IdentityHeaders.RELAY_TOKEN, "forged")
			.exchange());
		assertThat(seen).containsEntry("path", endpoint)
			.containsEntry("Authorization", "Bearer " + token)
			.containsEntry(IdentityHeaders.CLIENT_ADDRESS, "127.0.0.1")
			.containsEntry(IdentityHeaders.RELAY_TOKEN, null);
	}

	@ParameterizedTest(name = "{0} with {1}")
	@CsvSource({ SessionEndpoints.REVOKE + ",", SessionEndpoints.REVOKE + ",Bearer bm90LWEtc2Vzc2lvbg",
			SessionEndpoints.REVOKE_ALL + ",", SessionEndpoints.REVOKE_ALL + ",Basic Z2F0ZXdheTpndWVzcw==" })
	void revokeWithoutALiveSessionIs401AtTheGateway(String endpoint, String authorization) throws IOException {
		String response = raw("POST", SessionEndpoints.viaGateway(endpoint), authorization);
		assertThat(response).startsWith("HTTP/1.1 401")
			.contains("\"error\":\"unauthorized\"")
			.doesNotContain("\"path\"");
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "GET,/api/auth/oauth/relay-token", "POST,/api/auth/oauth/relay-token", "GET,/api/auth/actuator/health",
			"POST,/api/auth/actuator/health", "GET,/api/auth/oauth/token", "GET,/api/auth/oauth/revoke",
			"DELETE,/api/auth/oauth/revoke-all", "PUT,/api/auth/oauth/token", "GET,/api/auth/anything",
			"POST,/api/auth/oauth/token/x", "POST,/api/auth/oauth", "POST,/api/auth/" })
	void routesNothingElseOfAuthService(String method, String path) throws IOException {
		int relayCalls = GatewayIntegrationTestSupport.backends.relayCalls.get();
		String token = GatewayIntegrationTestSupport.login("62");
		String response = raw(method, path, "Bearer " + token);
		assertThat(response).matches("(?s)HTTP/1.1 40[45] .*")
			.contains("application/json")
			.contains("\"error\":")
			.doesNotContain("\"path\"");
		assertThat(GatewayIntegrationTestSupport.backends.relayCalls.get()).as("relay calls").isEqualTo(relayCalls);
	}

	private static Map<String, Object> echoed(WebTestClient.ResponseSpec response) {
		return response.expectStatus().isOk().expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
		}).returnResult().getResponseBody();
	}

	private WebTestClient client() {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	/** Byte for byte over a socket, with an empty JSON body. */
	private String raw(String method, String path, @Nullable String authorization) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			String credentials = (authorization != null) ? "Authorization: " + authorization + "\r\n" : "";
			out.write((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n" + credentials
					+ "Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
	}

}
