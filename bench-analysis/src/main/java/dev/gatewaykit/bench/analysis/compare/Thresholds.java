package dev.gatewaykit.bench.analysis.compare;

/**
 * How much worse a mode may get before the gate calls it a regression. A framework once
 * lost 50–90 % of its benchmark throughput in an upgrade (a per-request buffer allocated
 * at its maximum size), and only a benchmark against a baseline found it.
 *
 * @param maxTpsDropPct the TPS may drop by at most this percentage of the baseline's
 * median
 * @param maxP99RisePct the p99 may rise by at most this percentage of the baseline's
 * median
 * @param maxCpuRisePct the gateway's CPU time per request may rise by at most this
 * percentage of the baseline's median
 */
public record Thresholds(double maxTpsDropPct, double maxP99RisePct, double maxCpuRisePct) {

	/**
	 * 10 % for TPS and CPU, 20 % for p99: a tail percentile of a one-minute window moves
	 * more from run to run than its mean does.
	 */
	public static final Thresholds DEFAULT = new Thresholds(10, 20, 10);

	public Thresholds {
		if (!(maxTpsDropPct >= 0) || !(maxP99RisePct >= 0) || !(maxCpuRisePct >= 0)) {
			throw new IllegalArgumentException("thresholds must be 0 or more");
		}
	}

	/** The limit for one metric, in percent of the baseline's median. */
	public double limitPct(Metric metric) {
		return switch (metric) {
			case TPS -> this.maxTpsDropPct;
			case P99 -> this.maxP99RisePct;
			case CPU -> this.maxCpuRisePct;
		};
	}

}
