package dev.gatewaykit.bench.compare;

/**
 * How much worse a mode may get before {@code compare} calls it a regression. A framework
 * once lost 50–90 % of its benchmark throughput in an upgrade (a per-request buffer
 * allocated at its maximum size), and only a benchmark against a baseline found it.
 *
 * @param maxTpsDropPct the TPS may drop by at most this percentage of the baseline's
 * @param maxP99RisePct the p99 may rise by at most this percentage of the baseline's
 */
public record Thresholds(double maxTpsDropPct, double maxP99RisePct) {

	public static final Thresholds DEFAULT = new Thresholds(10, 20);

	public Thresholds {
		if (!(maxTpsDropPct >= 0) || !(maxP99RisePct >= 0)) {
			throw new IllegalArgumentException("thresholds must be 0 or more");
		}
	}

}
