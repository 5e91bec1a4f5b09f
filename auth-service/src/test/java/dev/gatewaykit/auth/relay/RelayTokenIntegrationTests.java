package dev.gatewaykit.auth.relay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.test.StepVerifier;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.TestLogins;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenVerifier;
import dev.gatewaykit.common.relay.RelayVerificationProperties;
import dev.gatewaykit.common.session.SessionKeys;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Finding "the relay endpoint signs any identity the gateway names": it signed whatever
 * user id, name and roles the body held, so the gateway's client secret meant
 * "impersonate anyone". Now the body names a session by its reference, and the token
 * carries the identity stored in that session, for mall-api's audience.
 */
@AuthServiceIntegrationTest
class RelayTokenIntegrationTests {

	/**
	 * mall-api as the demo profile configures it: a token signed here must verify there.
	 */
	private static final RelayTokenVerifier MALL_API = mallApiDemoVerifier();

	private static final String SECRET = "dev-only-gateway-secret-change-me";

	@Autowired
	private WebTestClient client;

	@Autowired
	private ReactiveStringRedisTemplate redis;

	@Test
	void signsTheIdentityOfTheNamedSessionThatMallApiCanVerify() {
		String reference = SessionKeys.reference(TestLogins.token(this.client, TestDemoUsers.user(15)));

		RelayTokenResponse response = relayToken("gateway", SECRET, Map.of("session", reference)).expectStatus()
			.isOk()
			.expectBody(RelayTokenResponse.class)
			.returnResult()
			.getResponseBody();

		assertThat(response.expiresIn()).isBetween(30L, 60L);
		RelayClaims claims = MALL_API.verify(response.relayToken()).orElseThrow();
		assertThat(claims.userId()).isEqualTo("15");
		assertThat(claims.username()).isEqualTo("user0015");
		assertThat(claims.roles()).containsExactly("USER");
		assertThat(claims.expiresAt().getEpochSecond()).isCloseTo(Instant.now().plusSeconds(60).getEpochSecond(),
				within(40L));
	}

	@Test
	void ignoresAnIdentityNamedInTheBody() {
		String reference = SessionKeys.reference(TestLogins.token(this.client, TestDemoUsers.user(15)));

		String token = relayToken("gateway", SECRET,
				Map.of("session", reference, "userId", "1", "username", "admin", "roles", List.of("ADMIN")))
			.expectStatus()
			.isOk()
			.expectBody(RelayTokenResponse.class)
			.returnResult()
			.getResponseBody()
			.relayToken();

		RelayClaims claims = MALL_API.verify(token).orElseThrow();
		assertThat(claims.username()).isEqualTo("user0015");
		assertThat(claims.roles()).containsExactly("USER");
	}

	@Test
	void refusesToSignAnIdentityTheCallerNames() {
		relayToken("gateway", SECRET, Map.of("userId", "1", "username", "admin", "roles", List.of("ADMIN")))
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.json("""
					{"status":400,"error":"invalid_request","message":"session is missing"}""", true);
	}

	@Test
	void answers400ForSomethingThatIsNoSessionReference() {
		relayToken("gateway", SECRET, Map.of("session", "user0015")).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.message")
			.isEqualTo("session is not a session reference (43 base64url characters)");
	}

	/**
	 * Absent, not JSON, JSON {@code null}, a field missing, past its maximum lifetime:
	 * all "no such session", never a 500.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "", "not json", "null", "{\"userId\":\"1\"}", "[]",
			"{\"userId\":\"1\",\"username\":\"u\",\"roles\":[\"USER\"],\"issuedAt\":0,\"expiresAt\":1}" })
	void answers404ForAnythingButALiveSession(String value) {
		String reference = SessionKeys.reference("relay-test-" + value.hashCode());
		if (!value.isEmpty()) {
			StepVerifier.create(this.redis.opsForValue().set(SessionKeys.ofReference(reference), value))
				.expectNext(true)
				.expectComplete()
				.verify(Duration.ofSeconds(5));
		}

		relayToken("gateway", SECRET, Map.of("session", reference)).expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":404,"error":"not_found","message":"no such session"}""", true);
	}

	@Test
	void handsOutARememberedTokenWithoutReadingTheSessionAgain() {
		String reference = SessionKeys.reference(TestLogins.token(this.client, TestDemoUsers.user(15)));
		String first = relayToken("gateway", SECRET, Map.of("session", reference)).expectStatus()
			.isOk()
			.expectBody(RelayTokenResponse.class)
			.returnResult()
			.getResponseBody()
			.relayToken();
		// Gone from Redis: only a token remembered in memory can answer now.
		StepVerifier.create(this.redis.delete(SessionKeys.ofReference(reference)))
			.expectNext(1L)
			.expectComplete()
			.verify(Duration.ofSeconds(5));

		relayToken("gateway", SECRET, Map.of("session", reference)).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.relay_token")
			.isEqualTo(first);
	}

	@Test
	void refusesWrongClientSecretWithJson() {
		relayToken("gateway", "not-the-secret", Map.of("session", SessionKeys.reference("x"))).expectStatus()
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
		relayToken("not-the-gateway", SECRET, Map.of("session", SessionKeys.reference("x"))).expectStatus()
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
			.bodyValue(Map.of("session", SessionKeys.reference("x")))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectBody()
			.json("""
					{"status":401,"error":"unauthorized","message":"client credentials are required"}""", true);
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
