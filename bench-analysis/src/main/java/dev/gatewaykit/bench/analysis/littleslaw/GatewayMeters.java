package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.HashMap;
import java.util.Map;

import dev.gatewaykit.bench.model.BadInputException;

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
 * {@code bounded-elastic}
 */
public record GatewayMeters(double requests, double blockedSeconds, double blockedCalls,
		Map<String, Double> cpuSeconds) {

	public static final String EVENT_LOOP = "event-loop";

	public static final String PARALLEL = "parallel";

	public static final String BOUNDED_ELASTIC = "bounded-elastic";

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
		Double requests = null;
		double blocked = 0;
		double calls = 0;
		Map<String, Double> cpu = new HashMap<>();
		for (String line : text.split("\n")) {
			if (line.isEmpty() || line.charAt(0) == '#') {
				continue;
			}
			int space = line.lastIndexOf(' ');
			if (space < 0) {
				continue;
			}
			String series = line.substring(0, space);
			double value;
			try {
				value = Double.parseDouble(line.substring(space + 1).trim());
			}
			catch (NumberFormatException ex) {
				continue;
			}
			String name = series.contains("{") ? series.substring(0, series.indexOf('{')) : series;
			switch (name) {
				case "kit_requests_total" -> requests = value;
				case "kit_blocking_calls_seconds_sum" -> blocked += value;
				case "kit_blocking_calls_seconds_count" -> calls += value;
				case "kit_thread_cpu_seconds_total" -> cpu.merge(label(series, "pool"), value, Double::sum);
				default -> {
				}
			}
		}
		if (requests == null) {
			throw new BadInputException("no kit_requests_total in the gateway's Prometheus scrape");
		}
		return new GatewayMeters(requests, blocked, calls, cpu);
	}

	public double cpu(String pool) {
		return this.cpuSeconds.getOrDefault(pool, 0.0);
	}

	private static String label(String series, String label) {
		String key = label + "=\"";
		int start = series.indexOf(key);
		if (start < 0) {
			return "";
		}
		start += key.length();
		return series.substring(start, series.indexOf('"', start));
	}

}
