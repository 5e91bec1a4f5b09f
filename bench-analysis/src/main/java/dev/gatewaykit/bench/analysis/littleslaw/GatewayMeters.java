package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.PrometheusText;

/**
 * The kit's own meters from one Prometheus scrape of the gateway
 * ({@code /actuator/prometheus}): requests, time in the blocking calls, CPU time per
 * thread pool. Two scrapes give what happened between them ({@link HoldTime}).
 *
 * @param requests authenticated requests so far ({@code kit_requests_total})
 * @param blockedSeconds wall time spent in the blocking calls so far, all calls
 * ({@code kit_blocking_calls_seconds_sum})
 * @param blockedCalls blocking calls so far
 * @param cpuSeconds CPU seconds so far by pool: {@code event-loop}, {@code parallel},
 * {@code bounded-elastic}; gateway-mvc's {@code tomcat} and {@code carrier}
 */
public record GatewayMeters(double requests, double blockedSeconds, double blockedCalls,
		Map<String, Double> cpuSeconds) {

	public static final String EVENT_LOOP = "event-loop";

	public static final String PARALLEL = "parallel";

	public static final String BOUNDED_ELASTIC = "bounded-elastic";

	/** gateway-mvc's Tomcat request threads (platform ones). */
	public static final String TOMCAT = "tomcat";

	/** The virtual-thread scheduler's carriers (gateway-mvc on virtual threads). */
	public static final String CARRIER = "carrier";

	/** Before any request: what a scrape of a gateway that has just started would say. */
	public static final GatewayMeters ZERO = new GatewayMeters(0, 0, 0, Map.of());

	public GatewayMeters {
		cpuSeconds = Map.copyOf(cpuSeconds);
	}

	/**
	 * Reads the kit's meters from Prometheus text exposition format; other lines are
	 * ignored.
	 * @throws BadInputException when the scrape has no {@code kit_requests_total} (not a
	 * kit gateway, or not a scrape at all)
	 */
	public static GatewayMeters parse(String text) {
		PrometheusText scrape = PrometheusText.parse(text);
		OptionalDouble requests = scrape.sum("kit_requests_total");
		if (requests.isEmpty()) {
			throw new BadInputException("no kit_requests_total in the gateway's Prometheus scrape");
		}
		Map<String, Double> cpu = new HashMap<>();
		for (PrometheusText.Sample pool : scrape.named("kit_thread_cpu_seconds_total")) {
			cpu.merge(pool.label("pool").orElse(""), pool.value(), Double::sum);
		}
		return new GatewayMeters(requests.getAsDouble(), scrape.sum("kit_blocking_calls_seconds_sum").orElse(0),
				scrape.sum("kit_blocking_calls_seconds_count").orElse(0), cpu);
	}

	public double cpu(String pool) {
		return this.cpuSeconds.getOrDefault(pool, 0.0);
	}

}
