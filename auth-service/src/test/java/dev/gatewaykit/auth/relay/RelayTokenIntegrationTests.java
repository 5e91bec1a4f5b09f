package dev.gatewaykit.auth.relay;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.RelayTokenCodec;
import dev.gatewaykit.common.relay.RelayTokenResponse;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@AuthServiceIntegrationTest
class RelayTokenIntegrationTests {

	/** mall-api's default: a token signed here must verify there. */
	private static final String MALL_API_DEFAULT_SECRET = "dev-only-relay-secret-change-me-0123456789abcdef";

	private static final Map<String, Object> BODY = Map.of("userId", "17", "username", "user0017", "roles",
			List.of("USER", "ADMIN"));

	@Autowired
	private WebTestClient client;

	@Test
	void signsTokenThatMallApiCanVerify() {
		RelayTokenResponse response = relayToken("gateway", "dev-only-gateway-secret-change-me", BODY).expectStatus()
			.isOk()
			.expectBody(RelayTokenResponse.class)
			.returnResult()
			.getResponseBody();

		assertThat(response.expiresIn()).isEqualTo(60);
		RelayClaims claims = new RelayTokenCodec(MALL_API_DEFAULT_SECRET).verify(response.relayToken()).orElseThrow();
		assertThat(claims.userId()).isEqualTo("17");
		assertThat(claims.username()).isEqualTo("user0017");
		assertThat(claims.roles()).containsExactly("USER", "ADMIN");
		assertThat(claims.expiresAt().getEpochSecond()).isCloseTo(Instant.now().plusSeconds(60).getEpochSecond(),
				within(10L));
	}

	@Test
	void refusesWrongClientSecretWithJson() {
		relayToken("gateway", "not-the-secret", BODY).expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"auth-service\"")
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":401,"error":"unauthorized","message":"bad client credentials"}""", true);
	}

	@Test
	void refusesWrongClientIdWithJson() {
		relayToken("not-the-gateway", "dev-only-gateway-secret-change-me", BODY).expectStatus()
			.isUnauthorized()
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("unauthorized");
	}

	@Test
	void refusesMissingClientCredentialsWithJson() {
		this.client.post()
			.uri("/oauth/relay-token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(BODY)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectBody()
			.json("""
					{"status":401,"error":"unauthorized","message":"client credentials are required"}""", true);
	}

	@Test
	void answers400NamingMissingFields() {
		relayToken("gateway", "dev-only-gateway-secret-change-me", Map.of("username", "user0017")).expectStatus()
			.isBadRequest()
			.expectBody()
			.json("""
					{"status":400,"error":"invalid_request","message":"missing or blank: userId, roles"}""", true);
	}

	@Test
	void acceptsEmptyRoles() {
		relayToken("gateway", "dev-only-gateway-secret-change-me",
				Map.of("userId", "17", "username", "user0017", "roles", List.of()))
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.relay_token")
			.value((String token) -> assertThat(
					new RelayTokenCodec(MALL_API_DEFAULT_SECRET).verify(token).orElseThrow().roles())
				.isEmpty());
	}

	private WebTestClient.ResponseSpec relayToken(String clientId, String secret, Map<String, ?> body) {
		return this.client.post()
			.uri("/oauth/relay-token")
			.headers((headers) -> headers.setBasicAuth(clientId, secret))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

}
