package dev.gatewaykit.gateway;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import dev.gatewaykit.common.diagnostics.GatewaySecond;
import dev.gatewaykit.gateway.diagnostics.DiagnosticsTestAccess;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.Test;
import reactor.netty.resources.LoopResources;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.server.WebFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The diagnostics of a running gateway, read the way the bench reads them, and the
 * bench's {@code vanilla} route, which this gateway has turned on.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "kit.routes.vanilla=true")
@Import(KitDiagnosticsIntegrationTests.RequestThreads.class)
class KitDiagnosticsIntegrationTests {

	private static final Duration DEADLINE = Duration.ofSeconds(15);

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	/**
	 * Records the threads the gateway's routed requests are served on (the management
	 * server's requests pass through here too, on loops of their own).
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class RequestThreads {

		static final Set<String> names = ConcurrentHashMap.newKeySet();

		@Bean
		WebFilter requestThreads() {
			return (exchange, chain) -> {
				if (exchange.getRequest().getPath().value().startsWith("/vanilla/")) {
					names.add(Thread.currentThread().getName());
				}
				return chain.filter(exchange);
			};
		}

	}

	@LocalManagementPort
	int managementPort;

	@Autowired
	ApplicationContext context;

	@Test
	void everySecondHasLagProbesOfTheServersEventLoops() throws Exception {
		GatewayDiagnostics diagnostics = awaitDiagnostics(
				(answer) -> answer.seconds().stream().anyMatch((second) -> second.lag().probes() > 0));

		GatewaySecond second = diagnostics.seconds().get(diagnostics.seconds().size() - 1);
		assertThat(second.lag().probes()).isPositive();
		assertThat(second.lag().maxMicros()).isGreaterThanOrEqualTo(second.lag().p50Micros());
		assertThat(second.epochSecond()).isLessThan(System.currentTimeMillis() / 1000);
		assertThat(diagnostics.blockHound()).isFalse();
		assertThat(diagnostics.blockingCalls()).isEmpty();
		// The probed loops are the server's: the one that served a request is among them.
		// (Reactor Netty's global reactor-http-* loops, which Spring Cloud Gateway's
		// HttpClient shares; Spring Boot's tests give the server loops of its own,
		// webflux-http-*.)
		gateway().get().uri("/vanilla/probe").exchange().expectStatus().isOk();
		List<String> probed = new ArrayList<>();
		for (EventExecutor loop : DiagnosticsTestAccess.probedLoops(this.context)) {
			probed.add(loop.submit(() -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS));
		}
		assertThat(probed).hasSize(LoopResources.DEFAULT_IO_WORKER_COUNT)
			.allSatisfy((name) -> assertThat(name).matches("(reactor|webflux)-http-(epoll|nio)-\\d+"))
			.containsAll(RequestThreads.names);
	}

	@Test
	void aProxiedAuthenticatedRequestShowsBothPoolsAndItsRedisCommands() {
		String token = GatewayIntegrationTestSupport.login("40");
		Runnable request = () -> gateway().get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.exchange()
			.expectStatus()
			.isOk();
		request.run();

		// Sent again while the answer lacks it: a request made in the gateway's first,
		// partial second (which the recorder does not report) would otherwise never show
		// its Redis commands.
		GatewayDiagnostics diagnostics = awaitDiagnostics((answer) -> answer.seconds()
			.stream()
			.anyMatch((second) -> second.pools().containsKey("mall-api") && second.pools().containsKey("auth-service"))
				&& answer.seconds().stream().mapToLong((second) -> second.redis().count()).sum() >= 2, request);
		GatewaySecond last = diagnostics.seconds().get(diagnostics.seconds().size() - 1);
		// Keep-alive: the connections stay open, idle, after the request.
		assertThat(last.pools().get("mall-api").idle() + last.pools().get("mall-api").active()).isPositive();
		assertThat(last.pools().get("auth-service").idle() + last.pools().get("auth-service").active()).isPositive();
		// The reactive mode's GET and EXPIRE (plus the test's own SET, through Redis
		// directly, which Lettuce does not see).
		assertThat(diagnostics.seconds().stream().mapToLong((second) -> second.redis().count()).sum())
			.isGreaterThanOrEqualTo(2);
		assertThat(diagnostics.seconds()).anySatisfy((second) -> assertThat(second.redis().meanMicros()).isPositive());
		// ModeSwitch's timeouts run on the parallel scheduler.
		assertThat(last.executors()).containsKey("parallel");
	}

	@Test
	void postClearsTheBlockingCallsAndMovesTheSinceTime() {
		long before = diagnostics().blockingSinceEpochMs();

		management().post()
			.uri(DiagnosticsEndpoint.PATH)
			.headers((headers) -> headers.setBasicAuth(GatewayIntegrationTestSupport.MANAGEMENT_USERNAME,
					GatewayIntegrationTestSupport.MANAGEMENT_PASSWORD))
			.exchange()
			.expectStatus()
			.is2xxSuccessful();

		GatewayDiagnostics after = diagnostics();
		assertThat(after.blockingSinceEpochMs()).isGreaterThanOrEqualTo(before);
		assertThat(after.blockingCalls()).isEmpty();
	}

	@Test
	void theVanillaRouteForwardsToMallApiWithoutASession() {
		Map<String, Object> seen = gateway().get()
			.uri("/vanilla/actuator/health/liveness")
			.header(IdentityHeaders.USER_ID, "1")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();

		assertThat(seen).containsEntry("path", "/actuator/health/liveness")
			.containsEntry(IdentityHeaders.USER_ID, null)
			.containsEntry(IdentityHeaders.RELAY_TOKEN, null);
	}

	private GatewayDiagnostics awaitDiagnostics(Predicate<GatewayDiagnostics> condition) {
		return awaitDiagnostics(condition, () -> {
		});
	}

	private GatewayDiagnostics awaitDiagnostics(Predicate<GatewayDiagnostics> condition, Runnable meanwhile) {
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		GatewayDiagnostics diagnostics = diagnostics();
		while (!condition.test(diagnostics)) {
			assertThat(System.nanoTime()).as("diagnostics as expected within %s; last: %s", DEADLINE, diagnostics)
				.isLessThan(deadline);
			meanwhile.run();
			pause();
			diagnostics = diagnostics();
		}
		return diagnostics;
	}

	private GatewayDiagnostics diagnostics() {
		return management().get()
			.uri(DiagnosticsEndpoint.PATH)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(GatewayDiagnostics.class)
			.returnResult()
			.getResponseBody();
	}

	private WebTestClient management() {
		return client(this.managementPort);
	}

	private WebTestClient gateway() {
		return client(this.port);
	}

	private static WebTestClient client(int port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

	/** Between two polls: a new second takes up to a second to appear. */
	private static void pause() {
		try {
			Thread.sleep(200);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
