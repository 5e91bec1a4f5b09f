package dev.gatewaykit.gateway.tracing;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Keeps Spring Boot's tracing and OpenTelemetry auto-configurations out of the gateway
 * unless {@value #ENDPOINT} is set. Spring Boot 4 creates the OpenTelemetry tracer as
 * soon as the bridge is on the class path, and only the exporter waits for an endpoint:
 * every request would then open an observation with a span, and every proxied request
 * would carry a {@code traceparent} header, to export nothing. Sampling 0 would not help,
 * an unsampled span is still created and propagated. Filtered out here, no {@code Tracer}
 * bean exists and the request path is the one without tracing.
 * <p>
 * Turned on, Spring Boot's own properties apply:
 * {@code management.tracing.sampling.probability} (Boot's default 0.1),
 * {@code management.opentelemetry.tracing.export.otlp.*}.
 */
public class TracingImportFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	/** The OTLP traces endpoint, for example {@code http://collector:4318/v1/traces}. */
	public static final String ENDPOINT = "management.opentelemetry.tracing.export.otlp.endpoint";

	/**
	 * Micrometer Tracing (tracer, observation handlers, Prometheus exemplars) and the
	 * OpenTelemetry SDK with its exporters.
	 */
	private static final List<String> TRACING = List.of("org.springframework.boot.micrometer.tracing.",
			"org.springframework.boot.opentelemetry.");

	private @Nullable Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public boolean[] match(@Nullable String[] autoConfigurationClasses,
			AutoConfigurationMetadata autoConfigurationMetadata) {
		boolean tracing = enabled(this.environment);
		boolean[] matches = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < matches.length; i++) {
			String candidate = autoConfigurationClasses[i];
			matches[i] = tracing || candidate == null || TRACING.stream().noneMatch(candidate::startsWith);
		}
		return matches;
	}

	/**
	 * Whether tracing is on: an endpoint is set and not blank (compose passes an unset
	 * variable as an empty string).
	 */
	static boolean enabled(@Nullable Environment environment) {
		return environment != null && StringUtils.hasText(environment.getProperty(ENDPOINT));
	}

}
