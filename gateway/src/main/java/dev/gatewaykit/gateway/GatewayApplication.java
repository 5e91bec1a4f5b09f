package dev.gatewaykit.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.data.redis.autoconfigure.observation.LettuceObservationAutoConfiguration;

/**
 * The gateway.
 * <p>
 * Without {@link LettuceObservationAutoConfiguration}: it turns every Redis command into
 * a Micrometer observation (Lettuce's {@code MicrometerTracing}: an observation context,
 * key values, a timer and a long-task timer started and stopped per command). The gateway
 * has no tracer, so all it bought were per-command timers nobody reads, and it cost 16 to
 * 22 µs of gateway CPU per request (GET + EXPIRE; 2.3 to 3 % of the fixed path in
 * async-profiler). Both profiles lose it (the blocking modes use the same Lettuce
 * client); the bench's meters are the gateway's own ({@code KitMetrics}).
 */
@SpringBootApplication(exclude = LettuceObservationAutoConfiguration.class)
@ConfigurationPropertiesScan
public class GatewayApplication {

	public static void main(String[] args) {
		SpringApplication.run(GatewayApplication.class, args);
	}

}
