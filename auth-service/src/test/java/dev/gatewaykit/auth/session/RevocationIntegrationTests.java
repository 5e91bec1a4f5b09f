package dev.gatewaykit.auth.session;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.SharedRedis;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.TestLogins;
import dev.gatewaykit.common.session.SessionEndpoints;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding "no logout, no revocation": a stolen bearer token stayed valid for up to 8
 * hours while it was used. Now a token's holder can delete its session, or every session
 * of its user.
 */
@AuthServiceIntegrationTest
class RevocationIntegrationTests {

	private final RedisServer redis = SharedRedis.server();

	@Autowired
	private WebTestClient client;

	@Test
	void revokeDeletesThatSessionOnly() {
		String token = TestLogins.token(this.client, TestDemoUsers.user(16));
		String other = TestLogins.token(this.client, TestDemoUsers.user(16));

		post(SessionEndpoints.REVOKE, "Bearer " + token).expectStatus().isNoContent().expectBody().isEmpty();

		assertThat(exists(token)).isFalse();
		assertThat(exists(other)).isTrue();
		post(SessionEndpoints.REVOKE, "Bearer " + token).expectStatus().isUnauthorized().expectBody().json("""
				{"status":401,"error":"unauthorized","message":"the bearer token is not a live session"}""", true);
	}

	@Test
	void revokeAllDeletesEverySessionOfThatUserAndNoOtherUsers() {
		String first = TestLogins.token(this.client, TestDemoUsers.user(17));
		String second = TestLogins.token(this.client, TestDemoUsers.user(17));
		String third = TestLogins.token(this.client, TestDemoUsers.user(17));
		String someoneElse = TestLogins.token(this.client, TestDemoUsers.user(18));

		post(SessionEndpoints.REVOKE_ALL, "Bearer " + second).expectStatus().isNoContent();

		assertThat(exists(first)).isFalse();
		assertThat(exists(second)).isFalse();
		assertThat(exists(third)).isFalse();
		assertThat(exists(someoneElse)).isTrue();
		assertThat(this.redis.command("EXISTS kit:user-sessions:17")).as("the index goes too").isEqualTo(":0");
	}

	@Test
	void indexesEachSessionUnderItsUserForAtLeastTheSessionsMaximumLifetime() {
		String token = TestLogins.token(this.client, TestDemoUsers.user(19));

		assertThat(this.redis.command("SISMEMBER kit:user-sessions:19 " + SessionKeys.reference(token)))
			.isEqualTo(":1");
		long ttl = Long.parseLong(this.redis.command("PTTL kit:user-sessions:19").substring(1));
		assertThat(ttl).isGreaterThan(java.time.Duration.ofHours(8).minusMinutes(1).toMillis());
	}

	@Test
	void trimsDeadReferencesFromTheIndexAtLogin() {
		String dead = SessionKeys.reference("a session that idled out");
		this.redis.command("SADD kit:user-sessions:19 " + dead);

		TestLogins.token(this.client, TestDemoUsers.user(19));

		assertThat(this.redis.command("SISMEMBER kit:user-sessions:19 " + dead)).isEqualTo(":0");
	}

	@Test
	void answers401ForAMissingMalformedUnknownOrExpiredBearerToken() {
		String expired = "an-expired-session-token";
		this.redis.command("SET " + SessionKeys.of(expired)
				+ " '{\"userId\":\"16\",\"username\":\"user0016\",\"roles\":[],\"issuedAt\":0,\"expiresAt\":1}'");
		for (String path : new String[] { SessionEndpoints.REVOKE, SessionEndpoints.REVOKE_ALL }) {
			for (String authorization : new String[] { null, "Basic Z2F0ZXdheTp4", "Bearer", "Bearer ",
					"Bearer not-a-session", "Bearer " + expired, "Bearer " + "x".repeat(1000) }) {
				post(path, authorization).expectStatus()
					.isUnauthorized()
					.expectHeader()
					.contentType(MediaType.APPLICATION_JSON)
					.expectBody()
					.jsonPath("$.error")
					.isEqualTo("unauthorized");
			}
		}
	}

	@Test
	void answersOnlyPost() {
		String token = TestLogins.token(this.client, TestDemoUsers.user(16));
		this.client.get()
			.uri(SessionEndpoints.REVOKE)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
			.exchange()
			.expectStatus()
			.isEqualTo(405);
		assertThat(exists(token)).isTrue();
	}

	/**
	 * A POST without a body, said with {@code Content-Length: 0} as curl and browsers say
	 * it. Sent without a length, the client's bodiless POSTs were the only ones in this
	 * suite, and twice in CI a request on the same pooled connection soon after them got
	 * no answer at all (a login, a revoke); no other class ever hung.
	 */
	private WebTestClient.ResponseSpec post(String path, String authorization) {
		return this.client.post().uri(path).headers((headers) -> {
			headers.setContentLength(0);
			if (authorization != null) {
				headers.set(HttpHeaders.AUTHORIZATION, authorization);
			}
		}).exchange();
	}

	private boolean exists(String token) {
		return ":1".equals(this.redis.command("EXISTS " + SessionKeys.of(token)));
	}

}
