package dev.gatewaykit.gateway;

import java.time.Duration;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.web.ErrorResponses;
import dev.gatewaykit.launcher.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With auth-service and mall-api on ports where nothing listens, the 502s say which
 * dependency failed and give a request id, never the host, the port or the exception
 * (which the log has, under the same id).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UpstreamErrorDisclosureSecurityTests {

	static final int DEAD_AUTH_PORT = FreePorts.next();

	static final int DEAD_MALL_PORT = FreePorts.next();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.routes.auth-uri", () -> "http://127.0.0.1:" + DEAD_AUTH_PORT);
		registry.add("kit.routes.mall-uri", () -> "http://127.0.0.1:" + DEAD_MALL_PORT);
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

	@AfterEach
	void restoreMode() {
		this.modes.switchTo(ExecutionMode.REACTIVE);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void aFailedRelayCallNamesNoHostPortOrException(ExecutionMode mode) {
		this.modes.switchTo(mode);
		EntityExchangeResult<String> answer = client().get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + GatewayIntegrationTestSupport.login("71"))
			.exchange()
			.expectStatus()
			.isEqualTo(502)
			.expectBody(String.class)
			.returnResult();
		assertDisclosesNothing(answer, "auth_service_unavailable");
	}

	@Test
	void anUnreachableRouteTargetNamesNoHostPortOrException() {
		EntityExchangeResult<String> answer = client().post()
			.uri("/api/auth/oauth/token")
			.exchange()
			.expectStatus()
			.isEqualTo(502)
			.expectBody(String.class)
			.returnResult();
		assertDisclosesNothing(answer, "upstream_unavailable");
	}

	private static void assertDisclosesNothing(EntityExchangeResult<String> answer, String error) {
		String body = answer.getResponseBody();
		String id = answer.getResponseHeaders().getFirst(ErrorResponses.REQUEST_ID_HEADER);
		assertThat(body).contains("\"error\":\"" + error + "\"")
			.doesNotContain("127.0.0.1", "localhost", String.valueOf(DEAD_AUTH_PORT), String.valueOf(DEAD_MALL_PORT),
					"refused", "Refused", "Exception", "Connection", "java.", "io.netty");
		assertThat(id).as("request id header").isNotBlank();
		assertThat(body).contains("(request id " + id + ")");
	}

	private WebTestClient client() {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

}
