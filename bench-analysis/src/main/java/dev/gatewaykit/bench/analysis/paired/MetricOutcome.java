package dev.gatewaykit.bench.analysis.paired;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.Numbers;

/**
 * What the pairs say of one metric.
 *
 * @param metric the metric
 * @param limitPct its limit, %; {@code null} when it is shown, not gated
 * @param change the estimated change and its interval
 * @param call the call against the limit; {@code null} when not gated
 * @param ratios each pair's candidate / baseline, in pair order
 * @param baselineMedian the baseline's median figure
 * @param candidateMedian the candidate's
 */
public record MetricOutcome(GateMetric metric, @Nullable Double limitPct, PairedChange change, @Nullable GateCall call,
		List<Double> ratios, double baselineMedian, double candidateMedian) {

	public MetricOutcome {
		ratios = List.copyOf(ratios);
	}

	public boolean gated() {
		return this.limitPct != null;
	}

	/** {@code +4.2 % [+1.0, +7.5]}. */
	public String describe() {
		return signed(this.change.estimatePct()) + " % [" + signed(this.change.lowPct()) + ", "
				+ signed(this.change.highPct()) + "]";
	}

	static String signed(double pct) {
		return ((pct >= 0) ? "+" : "") + Numbers.fixed(pct, 1);
	}

}
