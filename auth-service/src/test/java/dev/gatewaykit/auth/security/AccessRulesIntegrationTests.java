package dev.gatewaykit.auth.security;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.auth.AuthServiceIntegrationTest;

import org.springframework.beans.factory.annotation.Autowired;
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
