package dev.gatewaykit.bench.analysis.paired;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the A/B gate compares per case, each a figure where higher is worse, measured at
 * one fixed open-model rate on both sides.
 */
public enum GateMetric {

	/**
	 * The gateway's CPU per request as a share of the rest of the stack's in the same
	 * window. The rest does the same work for either build, so it measures how fast the
	 * machine ran in that window: a shared box slows every process alike for seconds at a
	 * time (A/A windows of one JVM 570-708 µs, the rest moving with them), and the ratio
	 * cancels that. Per pair it spread 1.7-3.6 % in seven A/A gates, the gateway's µs
	 * alone 2.5-8.1 %. A change that moves work into a backend lowers it: the stack's
	 * figure is gated beside it.
	 */
	GATEWAY_SHARE("gateway-share", "gateway ÷ rest CPU", "%", 5.0),

	/**
	 * The gateway process's CPU time (user + system) over the window, per request
	 * answered in it: what the change costs, with the machine's speed in it. Shown, not
	 * gated, unless a limit is given: the share and the stack's figure together say all
	 * it says (a change that adds CPU to the gateway and a backend at once raises the
	 * stack's), and the machine's speed it carries left an A/A gate UNSURE at [-2.2,
	 * +10.6] where the share said [-2.8, +3.8].
	 */
	GATEWAY_CPU("gateway-cpu", "gateway CPU / request", "µs", 0),

	/**
	 * Likewise for every process of the stack a request passes (nginx, the gateway,
	 * Redis, auth-service, mall-api, toxiproxy): a change that moves work into a backend
	 * shows here and not in the gateway's. Nothing cancels the machine's speed here,
	 * hence the wider limit.
	 */
	STACK_CPU("stack-cpu", "stack CPU / request", "µs", 10.0),

	/**
	 * The median answer time of the requests sent in the window. Shown, not gated, unless
	 * a limit is given: with the load's client on the same two cores, an A/A gate at
	 * 1307/s resolved it only to ±41 % in 10 pairs (±9 % in 14 at 985/s); the scheduler
	 * sets it more than the change does.
	 */
	P50("p50", "p50 latency", "ms", 0),

	/**
	 * The 99th percentile answer time of the requests sent in the window: one scheduling
	 * hiccup of a shared machine moves it (±50 % resolved in an A/A gate of 10 pairs).
	 * Shown, not gated, unless a limit is given.
	 */
	P99("p99", "p99 latency", "ms", 0);

	private final String id;

	private final String label;

	private final String unit;

	private final double defaultLimitPct;

	GateMetric(String id, String label, String unit, double defaultLimitPct) {
		this.id = id;
		this.label = label;
		this.unit = unit;
		this.defaultLimitPct = defaultLimitPct;
	}

	@JsonValue
	public String id() {
		return this.id;
	}

	public String label() {
		return this.label;
	}

	public String unit() {
		return this.unit;
	}

	/**
	 * The limit unless the gate is told otherwise, 0 for a metric shown and not gated
	 * (see docs/gate.md for why).
	 */
	public double defaultLimitPct() {
		return this.defaultLimitPct;
	}

	public boolean gatedByDefault() {
		return this.defaultLimitPct > 0;
	}

	/**
	 * @throws IllegalArgumentException naming the metrics there are
	 */
	public static GateMetric of(String id) {
		String wanted = id.strip().toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter((metric) -> metric.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no metric '" + id + "' ("
					+ Arrays.stream(values()).map(GateMetric::id).collect(Collectors.joining(", ")) + ")"));
	}

}
