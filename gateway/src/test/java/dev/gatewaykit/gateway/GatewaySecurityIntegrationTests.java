package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Path tricks sent byte for byte over a raw socket (an HTTP client library might
 * normalise them first) must never reach the mall route without a session: each is
 * refused before routing, or matches no route at all.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GatewaySecurityIntegrationTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/api/auth/oauth/token/../../mall/products/1",
			"/api/auth/oauth/token/%2e%2e/%2e%2e/mall/products/1", "/api/auth/oauth/token%2f..%2f..%2fmall/products/1",
			"/api/auth/oauth/token;/../../mall/products/1", "/api/auth/oauth/token/..;/..;/mall/products/1",
			"/api/mall//products/1", "//api/mall/products/1", "/api/auth/oauth/token/..%5c..%5cmall/products/1" })
	void refusesPathTricksWith400(String path) throws IOException {
		String response = rawGet(path);
		assertThat(response).startsWith("HTTP/1.1 400").contains("\"error\":\"bad_path\"").doesNotContain("X-Kit-");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/API/mall/products/1", "/Api/Mall/products/1", "/api/MALL/products/1" })
	void caseTricksMatchNoRoute(String path) throws IOException {
		assertThat(rawGet(path)).startsWith("HTTP/1.1 404");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/api/auth/oauth/tokenx/../../mall/products/1", "/api/mall/products/1",
			"/api/auth/oauth/TOKEN" })
	void neverReachesAnAuthenticatedRouteAnonymously(String path) throws IOException {
		String response = rawGet(path);
		assertThat(response).matches("(?s)HTTP/1.1 (400|401|404).*");
		// The mall stub would echo identity headers; none of its output may appear.
		assertThat(response).doesNotContain("\"path\"");
	}

	private String rawGet(String path) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
	}

}
