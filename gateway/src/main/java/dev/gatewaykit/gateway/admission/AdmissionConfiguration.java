package dev.gatewaykit.gateway.admission;

import java.util.concurrent.TimeUnit;

import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limit.WindowedLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The admission limit and its meters: {@code kit.admission.limit} (the current limit),
 * {@code kit.admission.in.flight} (requests admitted and not yet answered) and
 * {@code kit.admission.refused} (refusals so far), on {@code /actuator/prometheus} and
 * the Grafana dashboard.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "kit.gateway.admission.enabled", matchIfMissing = true)
public class AdmissionConfiguration {

	@Bean
	SimpleLimiter<Void> admissionLimiter(AdmissionProperties properties) {
		Gradient2Limit gradient = Gradient2Limit.newBuilder()
			.initialLimit(properties.startingLimit())
			.minLimit(properties.minLimit())
			.maxConcurrency(properties.maxLimit())
			.rttTolerance(properties.rttTolerance())
			.queueSizeFunction(properties.queueSizeFunction())
			.build();
		WindowedLimit windowed = WindowedLimit.newBuilder()
			.minWindowTime(properties.window().toNanos(), TimeUnit.NANOSECONDS)
			.maxWindowTime(Math.max(properties.window().toNanos(), TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS)
			.build(new RttFloorLimit(gradient, properties.rttFloor()));
		return SimpleLimiter.newBuilder().named("gateway").limit(windowed).build();
	}

	@Bean
	AdmissionWebFilter admissionWebFilter(SimpleLimiter<Void> admissionLimiter, AdmissionProperties properties,
			MeterRegistry registry, ApplicationContext context, ApplicationAvailability availability) {
		Gauge.builder("kit.admission.limit", admissionLimiter, SimpleLimiter::getLimit)
			.description("The adaptive concurrency limit at the gateway's edge")
			.register(registry);
		Gauge.builder("kit.admission.in.flight", admissionLimiter, SimpleLimiter::getInflight)
			.description("Requests admitted and not yet answered")
			.register(registry);
		Counter refused = Counter.builder("kit.admission.refused")
			.description("Requests refused with 503 at the concurrency limit")
			.register(registry);
		return new AdmissionWebFilter(admissionLimiter, refused, properties.retryAfter(), context,
				properties.unsampledPaths(),
				() -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
	}

}
