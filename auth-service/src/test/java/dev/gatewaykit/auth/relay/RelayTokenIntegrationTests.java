package dev.gatewaykit.auth.relay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenVerifier;
import dev.gatewaykit.common.relay.RelayVerificationProperties;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@AuthServiceIntegrationTest
class RelayTokenIntegrationTests {

	/**
	 * mall-api as the demo profile configures it: a token signed here must verify there.
	 */
	private static final RelayTokenVerifier MALL_API = mallApiDemoVerifier();

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
		RelayClaims claims = MALL_API.verify(response.relayToken()).orElseThrow();
		assertThat(claims.userId()).isEqualTo("17");
		assertThat(claims.username()).isEqualTo("user0017");
		assertThat(claims.roles()).containsExactly("USER", "ADMIN");
		assertThat(claims.issuedAt().getEpochSecond()).isCloseTo(Instant.now().getEpochSecond(), within(10L));
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
			.value((String token) -> assertThat(MALL_API.verify(token).orElseThrow().roles()).isEmpty());
	}

	private WebTestClient.ResponseSpec relayToken(String clientId, String secret, Map<String, ?> body) {
		return this.client.post()
			.uri("/oauth/relay-token")
			.headers((headers) -> headers.setBasicAuth(clientId, secret))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

	/** mall-api's application-demo.yml, read from its module next to this one. */
	private static RelayTokenVerifier mallApiDemoVerifier() {
		try {
			List<PropertySource<?>> demo = new YamlPropertySourceLoader().load("mall-api demo",
					new FileSystemResource("../mall-api/src/main/resources/application-demo.yml"));
			ConfigurationPropertySource source = ConfigurationPropertySource.from(demo.get(0));
			return new Binder(source).bindOrCreate("kit.relay", Bindable.of(RelayVerificationProperties.class))
				.verifier(Clock.systemUTC());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
