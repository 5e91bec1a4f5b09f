package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walkthrough of the extension point: a gateway started with the {@code Audit} sample
 * on every route and BlockHound recording ({@code kit.diagnostics.block-hound=true}), the
 * way {@code ./kit bench --blockhound} starts it. In the {@code blocking} style the
 * diagnostics name the audit write as the blocking call site; in the {@code reactive}
 * style nothing is recorded from it.
 * <p>
 * Runs in the {@code blockhound-recording} surefire execution, a JVM of its own: the
 * gateway's installer puts BlockHound in for good.
 */
class BlockHoundRecordingAuditIntegrationTests {

	private static final String AUDIT_PACKAGE = "dev.gatewaykit.extensions.audit.";

	private static final int REQUESTS = 5;

	@Test
	void withAuditBlockingOnEveryRouteTheRecordedCallSiteIsTheAuditWrite() {
		try (ConfigurableApplicationContext gateway = start("Audit=blocking")) {
			List<BlockingCall> fromAudit = auditCallsAfterRequests(gateway);

			assertThat(fromAudit).isNotEmpty().allSatisfy((call) -> {
				assertThat(call.site()).matches("dev\\.gatewaykit\\.extensions\\.audit\\.BlockingAuditLog\\.append"
						+ "\\(BlockingAuditLog\\.java:\\d+\\)");
				assertThat(call.threads())
					.allSatisfy((thread) -> assertThat(thread).matches("(reactor|webflux)-http-(epoll|nio)-\\d+"));
			});
		}
	}

	@Test
	void withAuditReactiveNothingIsRecordedFromTheAuditFilter() {
		try (ConfigurableApplicationContext gateway = start("Audit=reactive")) {
			assertThat(auditCallsAfterRequests(gateway)).isEmpty();
		}
	}

	/**
	 * Sends authenticated requests through the mall route, checks that each was audited
	 * and answered and that BlockHound was there to see it, and returns the blocking
	 * calls recorded with a site in the audit sample.
	 */
	private static List<BlockingCall> auditCallsAfterRequests(ConfigurableApplicationContext gateway) {
		StringRedisTemplate redis = gateway.getBean(StringRedisTemplate.class);
		redis.delete("kit:audit");
		WebTestClient client = client(gateway.getEnvironment().getProperty("local.server.port"));
		String token = GatewayIntegrationTestSupport.login("60");
		for (int i = 0; i < REQUESTS; i++) {
			client.get()
				.uri("/api/mall/products/1")
				.header("Authorization", "Bearer " + token)
				.exchange()
				.expectStatus()
				.isOk();
		}
		assertThat(redis.opsForList().size("kit:audit")).isEqualTo(REQUESTS);

		GatewayDiagnostics diagnostics = client(gateway.getEnvironment().getProperty("local.management.port")).get()
			.uri(DiagnosticsEndpoint.PATH)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(GatewayDiagnostics.class)
			.returnResult()
			.getResponseBody();
		assertThat(diagnostics.blockHound()).as("BlockHound installed").isTrue();
		return diagnostics.blockingCalls().stream().filter((call) -> call.site().startsWith(AUDIT_PACKAGE)).toList();
	}

	/**
	 * Starts the gateway with the walkthrough's two arguments, plus the test's Redis and
	 * stub backends.
	 */
	private static ConfigurableApplicationContext start(String auditFilter) {
		String[] arguments = Stream
			.concat(GatewayIntegrationTestSupport.arguments().stream(),
					Stream.of("--server.port=0", "--kit.diagnostics.block-hound=true",
							"--spring.cloud.gateway.server.webflux.default-filters[0]=" + auditFilter))
			.toArray(String[]::new);
		return new SpringApplicationBuilder(GatewayApplication.class).run(arguments);
	}

	private static WebTestClient client(String port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

}
