package dev.gatewaykit.auth.security;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;
import dev.gatewaykit.auth.TestDemoUsers;
import dev.gatewaykit.auth.demo.DemoUser;
import dev.gatewaykit.common.session.SessionEndpoints;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

@AuthServiceIntegrationTest
class AccessRulesIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Test
	void healthIsPublic() {
		this.client.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
	}

	@Test
	void readinessGroupIsPublicAndUpOnceDemoUsersAreSeeded() {
		this.client.get()
			.uri("/actuator/health/readiness")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
	}

	@Test
	void refusesUnknownPathWithJsonNotHtml() {
		this.client.get()
			.uri("/admin")
			.accept(MediaType.TEXT_HTML)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody()
			.json("""
					{"status":401,"error":"unauthorized"}""");
	}

	@Test
	void refusesGatewayClientOutsideItsEndpointsWithJson403() {
		this.client.get()
			.uri("/admin")
			.headers((headers) -> headers.setBasicAuth("gateway", "dev-only-gateway-secret-change-me"))
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectBody()
			.json("""
					{"status":403,"error":"forbidden"}""");
	}

	@Test
	void prometheusNeedsTheGatewayClient() {
		this.client.get().uri("/actuator/prometheus").exchange().expectStatus().isUnauthorized();
		this.client.get()
			.uri("/actuator/prometheus")
			.headers((headers) -> headers.setBasicAuth("gateway", "dev-only-gateway-secret-change-me"))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.value((body) -> assertThat(body).contains("jvm_memory_used_bytes"));
	}

	/**
	 * Finding "Basic credentials on public paths are checked": a guess at the gateway's
	 * client secret sent to the login answered "bad client credentials" with a Basic
	 * challenge, an oracle for guessing it. The public paths read no Basic header now.
	 */
	@Test
	void ignoresBasicCredentialsOnTheLogin() {
		DemoUser user = TestDemoUsers.user(30);
		this.client.post()
			.uri(SessionEndpoints.LOGIN)
			.headers((headers) -> headers.setBasicAuth("gateway", "a-guess-at-the-secret"))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", user.username(), "password", user.password()))
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.doesNotExist(HttpHeaders.WWW_AUTHENTICATE);
	}

	@Test
	void ignoresBasicCredentialsOnTheRevokePaths() {
		for (String path : new String[] { SessionEndpoints.REVOKE, SessionEndpoints.REVOKE_ALL }) {
			this.client.post()
				.uri(path)
				.headers((headers) -> headers.setBasicAuth("gateway", "a-guess-at-the-secret"))
				.exchange()
				.expectStatus()
				.isUnauthorized()
				.expectHeader()
				.doesNotExist(HttpHeaders.WWW_AUTHENTICATE)
				.expectBody()
				.jsonPath("$.message")
				.isEqualTo("a bearer token is required (Authorization: Bearer <token>)");
		}
	}

	@Test
	void stillChecksBasicCredentialsOnTheRelayEndpoint() {
		this.client.post()
			.uri("/oauth/relay-token")
			.headers((headers) -> headers.setBasicAuth("gateway", "a-guess-at-the-secret"))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("session", "x"))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"auth-service\"");
	}

	@Test
	void answersWrongMethodOnPublicEndpointWithJson405() {
		this.client.get()
			.uri("/oauth/token")
			.exchange()
			.expectStatus()
			.isEqualTo(405)
			.expectBody()
			.jsonPath("$.error")
			.isEqualTo("method_not_allowed");
	}

}
