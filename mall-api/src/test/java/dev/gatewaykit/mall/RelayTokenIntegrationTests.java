package dev.gatewaykit.mall;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.client.RestTestClient;

import static org.assertj.core.api.Assertions.assertThat;

class RelayTokenIntegrationTests extends AbstractMallApiIntegrationTests {

	private static final String MISSING = """
			{"status":401,"error":"unauthorized","message":"relay token is missing"}""";

	private static final String INVALID = """
			{"status":401,"error":"unauthorized","message":"relay token is invalid or expired"}""";

	@LocalServerPort
	int port;

	@Test
	void acceptsValidToken() {
		get("/products/1").expectStatus().isOk().expectBody().jsonPath("$.id").isEqualTo(1);
	}

	@Test
	void rejectsMissingToken() {
		this.client.get()
			.uri("/products/1")
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
			.expectBody()
			.json(MISSING);
	}

	@Test
	void rejectsBlankToken() {
		withToken("/products/1", "  ").expectStatus().isUnauthorized().expectBody().json(MISSING);
	}

	@Test
	void rejectsATokenSignedForAnotherAudience() {
		Instant now = Instant.now();
		String forGateway = TestRelayKeys.signFor("gateway",
				new RelayClaims("17", "user0017", List.of("USER"), now, now.plusSeconds(60)));
		withToken("/products/1", forGateway).expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void rejectsForgedRelayToken() {
		Instant now = Instant.now();
		String forged = new RelayTokenSigner(TestRelayKeys.KEY_ID, RelayKeys.generate().getPrivate())
			.sign(new RelayClaims("17", "user0017", List.of("USER"), now, now.plusSeconds(60)));
		withToken("/products/1", forged).expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void rejectsExpiredToken() {
		Instant now = Instant.now();
		String expired = TestRelayKeys
			.sign(new RelayClaims("17", "user0017", List.of("USER"), now.minusSeconds(61), now.minusSeconds(1)));
		withToken("/products/1", expired).expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void rejectsTokenSignedToLiveLongerThanTheMaximumLifetime() {
		// Correctly signed, unexpired, but minted for a day: kit.relay.max-lifetime (5m)
		// bounds what a leaked or misconfigured signer can hand out.
		Instant now = Instant.now();
		String dayLong = TestRelayKeys
			.sign(new RelayClaims("17", "user0017", List.of("USER"), now, now.plus(Duration.ofDays(1))));
		withToken("/products/1", dayLong).expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void rejectsTokenOfAnUnknownKeyId() {
		Instant now = Instant.now();
		String token = new RelayTokenSigner("retired", RelayKeys.generate().getPrivate())
			.sign(new RelayClaims("17", "user0017", List.of("USER"), now, now.plusSeconds(60)));
		withToken("/products/1", token).expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void rejectsTamperedToken() {
		String[] parts = validToken().split("\\.");
		Instant now = Instant.now();
		String adminBody = new RelayTokenSigner(TestRelayKeys.KEY_ID, RelayKeys.generate().getPrivate())
			.sign(new RelayClaims("1", "admin", List.of("ADMIN"), now, now.plusSeconds(60)))
			.split("\\.")[1];
		withToken("/products/1", parts[0] + "." + adminBody + "." + parts[2]).expectStatus()
			.isUnauthorized()
			.expectBody()
			.json(INVALID);
	}

	@Test
	void rejectsGarbageToken() {
		withToken("/products/1", "Bearer abc").expectStatus().isUnauthorized().expectBody().json(INVALID);
	}

	@Test
	void refusesBeforeValidatingTheRequest() {
		// A bad parameter without a token is a 401, not a 400: nothing behind the filter
		// ran.
		this.client.get().uri("/products/abc").exchange().expectStatus().isUnauthorized().expectBody().json(MISSING);
	}

	@Test
	void refusesUnknownPathWithoutToken() {
		this.client.get().uri("/nothing-here").exchange().expectStatus().isUnauthorized().expectBody().json(MISSING);
	}

	@Test
	void leavesHealthOpen() {
		this.client.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
		this.client.get()
			.uri("/actuator/health/liveness")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
	}

	@Test
	void keepsOtherActuatorEndpointsBehindTheToken() {
		for (String path : List.of("/actuator/prometheus", "/actuator/metrics", "/actuator/info", "/actuator")) {
			this.client.get().uri(path).exchange().expectStatus().isUnauthorized().expectBody().json(MISSING);
		}
	}

	@Test
	void servesPrometheusWithToken() {
		get("/products/1").expectStatus().isOk();
		String scrape = get("/actuator/prometheus").expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		assertThat(scrape).contains("http_server_requests_seconds_count{").contains("uri=\"/products/{id}\"");
	}

	@Test
	void doesNotLetDotSegmentsEscapeTheOpenHealthPath() throws IOException {
		// Sent raw: HTTP clients would normalise the path before it reached the server.
		assertThat(rawGet("/actuator/health/../prometheus")).startsWith("HTTP/1.1 401");
		assertThat(rawGet("/actuator/health/%2e%2e/prometheus")).doesNotStartWith("HTTP/1.1 200");
		assertThat(rawGet("/actuator/health;x=y/../prometheus")).doesNotStartWith("HTTP/1.1 200");
	}

	private RestTestClient.ResponseSpec withToken(String uri, String token) {
		return this.client.get().uri(uri).header(IdentityHeaders.RELAY_TOKEN, token).exchange();
	}

	private String rawGet(String path) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
	}

}
