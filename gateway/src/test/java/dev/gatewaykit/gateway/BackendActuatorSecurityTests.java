package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "a route exposes a backend's actuator" (issue 12): with a logged-in user's
 * token, {@code GET /api/mall/actuator/prometheus} went through the mall route to
 * mall-api's actuator. Every route, the {@code vanilla} one included, must refuse a path
 * that reaches {@code /actuator} once routed, in every spelling: 404 as for a path no
 * route matches, or 400 from path hygiene for the encoded and odd forms. The same for
 * Spring Boot's {@code /error} controller, which answers a direct request with 500. The
 * mall stub echoes the path it received, so its {@code "path"} field appearing means the
 * request got through.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "kit.routes.vanilla=true")
class BackendActuatorSecurityTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/api/mall/actuator/prometheus", "/api/mall/actuator/info", "/api/mall/actuator/metrics",
			"/api/mall/actuator", "/api/mall/actuator/", "/api/mall/ACTUATOR/prometheus", "/api/mall/Actuator/info",
			"/api/auth/actuator/prometheus", "/vanilla/actuator/prometheus", "/vanilla/actuator/info",
			"/vanilla/Actuator/metrics", "/api/mall/actuator/health/liveness", "/api/mall/actuator/health",
			"/vanilla/actuator/health", "/vanilla/actuator/health/readiness", "/api/mall/error", "/api/mall/error/",
			"/api/mall/Error", "/api/mall/error/x", "/vanilla/error" })
	void answers404ForABackendActuatorOrErrorControllerWithAValidSession(String path) throws IOException {
		String response = get(path, GatewayIntegrationTestSupport.login("42"));
		assertThat(response).startsWith("HTTP/1.1 404").contains("\"error\":\"not_found\"").doesNotContain("\"path\"");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/api/mall/%61ctuator/prometheus", "/api/mall/%41CTUATOR/info",
			"/api/mall/actu%61tor/metrics", "/api/mall/%2561ctuator/prometheus", "/api/mall//actuator/prometheus",
			"//api/mall/actuator/prometheus", "/api/mall/./actuator/prometheus", "/api/mall/x/../actuator/info",
			"/api/mall/actuator;x=y/prometheus", "/api/mall/;/actuator/info", "/api/mall/%2e/actuator/info",
			"/api/mall\\actuator\\info", "/vanilla/%61ctuator/prometheus", "/vanilla/./actuator/info",
			"/vanilla/actuator;a=b/info", "/vanilla/%61ctuator/health/liveness", "/vanilla/Actuator/health/liveness",
			"/vanilla/actuator/health/liveness/", "/vanilla/actuator/health/liveness;x=y",
			"/vanilla/x/../actuator/health/liveness", "/api/mall/%65rror", "/api/mall/error;a=b",
			"/api/mall/x/../error" })
	void refusesEncodedAndOddSpellingsOfABackendActuator(String path) throws IOException {
		String response = get(path, GatewayIntegrationTestSupport.login("42"));
		assertThat(response).matches("(?s)HTTP/1.1 (400|404) .*").doesNotContain("\"path\"");
	}

	@Test
	void stillRoutesOrdinaryPathsOfTheSameRoutes() throws IOException {
		String token = GatewayIntegrationTestSupport.login("42");
		assertThat(get("/api/mall/products/1", token)).startsWith("HTTP/1.1 200").contains("\"path\":\"/products/1\"");
		assertThat(get("/api/mall/products/actuator", token)).startsWith("HTTP/1.1 200")
			.contains("\"path\":\"/products/actuator\"");
		assertThat(get("/vanilla/products/1", token)).startsWith("HTTP/1.1 200").contains("\"path\":\"/products/1\"");
	}

	/**
	 * The one exception, asked for by the vanilla route only: the bench measures plain
	 * Spring Cloud Gateway on mall-api's liveness ({@code {"status":"UP"}}).
	 */
	@Test
	void letsTheVanillaRouteServeTheBenchsLivenessProbeOnly() throws IOException {
		assertThat(get("/vanilla/actuator/health/liveness", "none")).startsWith("HTTP/1.1 200")
			.contains("\"path\":\"/actuator/health/liveness\"");
	}

	/** Byte for byte over a socket: an HTTP client library might normalise the path. */
	private String get(String path, String token) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token
					+ "\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
	}

}
