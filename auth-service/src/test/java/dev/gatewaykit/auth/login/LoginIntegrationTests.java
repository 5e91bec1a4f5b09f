package dev.gatewaykit.auth.login;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.BodyInserters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@AuthServiceIntegrationTest
class LoginIntegrationTests {

	private static final String INVALID_GRANT_BODY = """
			{"status":401,"error":"invalid_grant","message":"bad user name or password"}""";

	@Autowired
	private WebTestClient client;

	@Autowired
	private ReactiveStringRedisTemplate redis;

	@Autowired
	private JsonMapper json;

	@Test
	void issuesBearerTokenAndStoresSessionForCorrectPassword() {
		DemoUser user = TestDemoUsers.user(1);
		TokenResponse token = postJson(Map.of("username", user.username(), "password", user.password())).expectStatus()
			.isOk()
			.expectBody(TokenResponse.class)
			.returnResult()
			.getResponseBody();

		assertThat(token).isNotNull();
		assertThat(token.tokenType()).isEqualTo("Bearer");
		assertThat(token.expiresIn()).isEqualTo(1800);
		// 32 random bytes, base64url without padding.
		assertThat(token.accessToken()).matches("[A-Za-z0-9_-]{43}");

		String key = SessionKeys.of(token.accessToken());
		StepVerifier.create(this.redis.opsForValue().get(key)).assertNext((stored) -> {
			Session session = this.json.readValue(stored, Session.class);
			assertThat(session.userId()).isEqualTo("1");
			assertThat(session.username()).isEqualTo(user.username());
			assertThat(session.roles()).containsExactly("USER");
			assertThat(session.expiresAt() - session.issuedAt()).isEqualTo(Duration.ofHours(8).toMillis());
			assertThat(session.issuedAt()).isCloseTo(System.currentTimeMillis(), within(60_000L));
		}).expectComplete().verify(Duration.ofSeconds(5));
		StepVerifier.create(this.redis.getExpire(key))
			.assertNext((ttl) -> assertThat(ttl).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(30)))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void sessionJsonHasExactlyTheFieldsTheGatewayReads() {
		DemoUser user = TestDemoUsers.user(2);
		TokenResponse token = postJson(Map.of("username", user.username(), "password", user.password())).expectStatus()
			.isOk()
			.expectBody(TokenResponse.class)
			.returnResult()
			.getResponseBody();

		StepVerifier.create(this.redis.opsForValue().get(SessionKeys.of(token.accessToken())))
			.assertNext((stored) -> assertThat(this.json.readTree(stored).propertyNames())
				.containsExactlyInAnyOrder("userId", "username", "roles", "issuedAt", "expiresAt"))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void acceptsFormEncodedCredentials() {
		DemoUser user = TestDemoUsers.user(3);
		this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_FORM_URLENCODED)
			.body(BodyInserters.fromFormData("username", user.username()).with("password", user.password()))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.token_type")
			.isEqualTo("Bearer")
			.jsonPath("$.access_token")
			.isNotEmpty();
	}

	@Test
	void rejectsWrongPasswordWithInvalidGrant() {
		postJson(Map.of("username", TestDemoUsers.user(4).username(), "password", "not-the-password")).expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json(INVALID_GRANT_BODY, true);
	}

	@Test
	void rejectsUnknownUserExactlyLikeWrongPassword() {
		postJson(Map.of("username", "nobody-by-this-name", "password", "whatever")).expectStatus()
			.isUnauthorized()
			.expectBody()
			.json(INVALID_GRANT_BODY, true);
	}

	@Test
	void answers400WhenPasswordIsMissing() {
		postJson(Map.of("username", TestDemoUsers.user(5).username())).expectStatus()
			.isBadRequest()
			.expectBody()
			.json("""
					{"status":400,"error":"invalid_request","message":"password is required"}""", true);
	}

	@Test
	void answers400WhenFormHasNoUsername() {
		this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_FORM_URLENCODED)
			.body(BodyInserters.fromFormData("password", "secret"))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("invalid_request")
			.jsonPath("$.message")
			.isEqualTo("username is required");
	}

	@Test
	void answers400WithJsonForMalformedJson() {
		this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"user0005\", ")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(400)
			.jsonPath("$.error")
			.isEqualTo("invalid_request");
	}

	@Test
	void answersUnsupportedContentTypeWithJson() {
		this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.TEXT_PLAIN)
			.bodyValue("username=user0005")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("unsupported_media_type");
	}

	private WebTestClient.ResponseSpec postJson(Map<String, String> body) {
		return this.client.post()
			.uri("/oauth/token")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

}
