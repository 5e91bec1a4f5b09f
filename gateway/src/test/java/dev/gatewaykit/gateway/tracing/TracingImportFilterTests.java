package dev.gatewaykit.gateway.tracing;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which auto-configurations {@link TracingImportFilter} lets through, with and without an
 * OTLP endpoint.
 */
class TracingImportFilterTests {

	private static final String[] CANDIDATES = {
			"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
			"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
			"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
			"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration", null };

	@Test
	void keepsTracingOutWithoutAnEndpoint() {
		assertThat(match(new MockEnvironment())).containsExactly(false, false, false, true, true);
	}

	@Test
	void keepsTracingOutWithABlankEndpoint() {
		// docker-compose.yml passes an unset OTLP_ENDPOINT as an empty string.
		assertThat(match(new MockEnvironment().withProperty(TracingImportFilter.ENDPOINT, " "))).containsExactly(false,
				false, false, true, true);
	}

	@Test
	void letsTracingInWithAnEndpoint() {
		assertThat(match(
				new MockEnvironment().withProperty(TracingImportFilter.ENDPOINT, "http://collector:4318/v1/traces")))
			.containsExactly(true, true, true, true, true);
	}

	private static boolean[] match(MockEnvironment environment) {
		TracingImportFilter filter = new TracingImportFilter();
		filter.setEnvironment(environment);
		return filter.match(CANDIDATES, null);
	}

}
