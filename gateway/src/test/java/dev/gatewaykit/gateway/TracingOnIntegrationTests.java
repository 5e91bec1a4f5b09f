package dev.gatewaykit.gateway;

import java.time.Duration;

import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With an OTLP endpoint configured, the gateway traces: an OpenTelemetry tracer, an OTLP
 * span exporter aimed at the endpoint, and a W3C {@code traceparent} on the proxied
 * request. (Nothing listens on the endpoint; the exporter only logs its failures.)
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.opentelemetry.tracing.export.otlp.endpoint=http://127.0.0.1:9/v1/traces",
				"management.tracing.sampling.probability=1.0" })
class TracingOnIntegrationTests {

	static final HeaderRecordingBackend auth = new HeaderRecordingBackend();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		// The relay call goes to a backend that records the headers it gets.
		registry.add("kit.routes.auth-uri", auth::url);
	}

	@LocalServerPort
	int port;

	@Autowired
	ApplicationContext context;

	@Test
	void tracesWithOpenTelemetryAndExportsOverOtlp() {
		assertThat(this.context.getBean(Tracer.class)).isInstanceOf(OtelTracer.class);
		assertThat(this.context.getBeansOfType(SpanExporter.class).values())
			.hasAtLeastOneElementOfType(OtlpHttpSpanExporter.class);
	}

	@Test
	void propagatesTheTraceToTheBackend() {
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.post()
			.uri("/api/auth/oauth/token")
			.exchange()
			.expectStatus()
			.isOk();
		// version-traceid-spanid-flags; 01: sampled, as the probability says.
		assertThat(auth.lastTraceparent())
			.hasValueSatisfying((traceparent) -> assertThat(traceparent).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01"));
	}

}
