package dev.gatewaykit.gateway;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.tracing.Tracer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway as shipped: no OTLP endpoint, so no tracing at all (no tracer bean, no
 * {@code traceparent} sent to the backends), and per-route metrics that Prometheus can
 * scrape.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TracingOffIntegrationTests {

	static final HeaderRecordingBackend auth = new HeaderRecordingBackend();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", GatewayIntegrationTestSupport.redis::port);
		registry.add("kit.routes.auth-uri", auth::url);
		registry.add("kit.routes.mall-uri", GatewayIntegrationTestSupport.backends::mallUrl);
		registry.add("kit.gateway.auth-service.client-secret", () -> StubBackends.CLIENT_SECRET);
		registry.add("management.server.port", () -> "0");
	}

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	ApplicationContext context;

	@Autowired
	MeterRegistry meters;

	@Test
	void hasNoTracerAndPropagatesNoTrace() {
		assertThat(this.context.getBeanNamesForType(Tracer.class)).isEmpty();
		client(this.port).get().uri("/api/auth/oauth/token").exchange().expectStatus().isOk();
		assertThat(auth.lastTraceparent()).isEmpty();
	}

	@Test
	void recordsEachRoutedRequestUnderItsRouteAndServesItToPrometheus() {
		Timer before = this.meters.find("spring.cloud.gateway.requests").tag("routeId", "auth").timer();
		long count = (before != null) ? before.count() : 0;
		client(this.port).get().uri("/api/auth/oauth/token").exchange().expectStatus().isOk();
		Timer after = this.meters.find("spring.cloud.gateway.requests")
			.tags("routeId", "auth", "status", "OK", "outcome", "SUCCESSFUL")
			.timer();
		assertThat(after).isNotNull();
		assertThat(after.count()).isEqualTo(count + 1);
		String scrape = client(this.managementPort).get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		assertThat(scrape).containsPattern("spring_cloud_gateway_requests_seconds_count\\{[^}]*routeId=\"auth\"")
			.contains("reactor_netty_connection_provider_active_connections");
	}

	private static WebTestClient client(int port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
	}

}
