package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Finding "management writes need no credentials" (issue 12): on the management port,
 * {@code POST /actuator/kit} switched the execution mode, {@code POST
 * /actuator/kitdiagnostics} cleared the records and {@code POST /actuator/loggers/...}
 * set log levels (TRACE on Lettuce would log session keys) for anyone who could reach
 * 127.0.0.1. Every write now needs HTTP Basic with {@code kit.gateway.management.*} (401
 * JSON without, or with wrong ones); reads stay open for probes and scrapers; and a
 * gateway without a management password does not start.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ManagementWriteSecurityTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalManagementPort
	int managementPort;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "none", "Basic a2l0LWFkbWluOndyb25n", "Basic not-base64!", "Bearer x",
			"Basic a2l0LWFkbWluOg==" })
	void refusesEveryWriteWithoutTheRightCredentials(String authorization) {
		for (Write write : writes()) {
			WebTestClient.RequestBodySpec request = management().post().uri(write.path());
			if (!authorization.equals("none")) {
				request.header("Authorization", authorization);
			}
			request.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(write.body())
				.exchange()
				.expectStatus()
				.isUnauthorized()
				.expectHeader()
				.valueMatches("WWW-Authenticate", "Basic realm=.*")
				.expectBody()
				.jsonPath("$.error")
				.isEqualTo("unauthorized");
		}
		// Nothing changed behind the refusals.
		management().get()
			.uri("/actuator/kit")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.mode")
			.isEqualTo("reactive");
		management().get()
			.uri("/actuator/loggers/io.lettuce")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.configuredLevel")
			.doesNotExist();
	}

	@Test
	void acceptsWritesWithTheCredentials() {
		try {
			for (Write write : writes()) {
				management().post()
					.uri(write.path())
					.headers((headers) -> headers.setBasicAuth(GatewayIntegrationTestSupport.MANAGEMENT_USERNAME,
							GatewayIntegrationTestSupport.MANAGEMENT_PASSWORD))
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue(write.body())
					.exchange()
					.expectStatus()
					.is2xxSuccessful();
			}
		}
		finally {
			management().post()
				.uri("/actuator/kit")
				.headers((headers) -> headers.setBasicAuth(GatewayIntegrationTestSupport.MANAGEMENT_USERNAME,
						GatewayIntegrationTestSupport.MANAGEMENT_PASSWORD))
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue("{\"mode\":\"reactive\"}")
				.exchange();
			management().post()
				.uri("/actuator/loggers/io.lettuce")
				.headers((headers) -> headers.setBasicAuth(GatewayIntegrationTestSupport.MANAGEMENT_USERNAME,
						GatewayIntegrationTestSupport.MANAGEMENT_PASSWORD))
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue("{}")
				.exchange();
		}
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "/actuator/health", "/actuator/health/liveness", "/actuator/prometheus", "/actuator/kit",
			"/actuator/kitdiagnostics", "/actuator/loggers" })
	void leavesReadsOpen(String path) {
		management().get().uri(path).exchange().expectStatus().isOk();
	}

	@Test
	void refusesToStartWithoutAManagementPassword() {
		List<String> arguments = new ArrayList<>(GatewayIntegrationTestSupport.arguments());
		arguments.removeIf((argument) -> argument.startsWith("--kit.gateway.management.password="));
		arguments.add("--server.port=0");
		assertThatThrownBy(
				() -> new SpringApplicationBuilder(GatewayApplication.class).run(arguments.toArray(String[]::new))
					.close())
			.hasStackTraceContaining("kit.gateway.management.password");
	}

	private List<Write> writes() {
		return List.of(new Write("/actuator/kit", "{\"mode\":\"blocking\"}"),
				new Write("/actuator/" + DiagnosticsEndpoint.ID, "{}"),
				new Write("/actuator/loggers/io.lettuce", "{\"configuredLevel\":\"TRACE\"}"));
	}

	private WebTestClient management() {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.managementPort)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	private record Write(String path, String body) {
	}

}
