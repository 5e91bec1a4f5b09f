package dev.gatewaykit.bench.analysis.compare;

import java.util.Optional;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.model.Numbers;

/**
 * One metric of one mode, baseline against current.
 *
 * @param metric the figure
 * @param baseline its median and range over the baseline's valid repeats, {@code null}
 * when not measured there
 * @param current likewise for the current run
 * @param deltaPct the change of the median in percent of the baseline's median (negative
 * = lower), {@code null} when not compared
 * @param verdict the conclusion
 * @param reason why, for humans
 */
public record MetricComparison(Metric metric, @Nullable Stat baseline, @Nullable Stat current,
		@Nullable Double deltaPct, Verdict verdict, String reason) {

	/**
	 * The rule: a metric regresses when its median is worse by more than the limit
	 * <em>and</em> the two min–max ranges do not overlap. Worse beyond the limit with
	 * overlapping ranges is no change: the repeats themselves vary that much. Exactly at
	 * the limit passes. With one run per side the ranges are points, which do not overlap
	 * when the medians differ, so the rule is the plain threshold.
	 */
	static MetricComparison of(Metric metric, Optional<Stat> baseline, Optional<Stat> current, double limitPct) {
		if (baseline.isEmpty() || current.isEmpty()) {
			String where = baseline.isEmpty() ? (current.isEmpty() ? "either run" : "the baseline") : "the current run";
			return new MetricComparison(metric, baseline.orElse(null), current.orElse(null), null, Verdict.NOT_MEASURED,
					"no " + metric.label() + " figure in " + where);
		}
		Stat before = baseline.get();
		Stat after = current.get();
		double delta = percentChange(before.median(), after.median());
		double worsePct = metric.higherIsWorse() ? delta : -delta;
		String moved = metric.moved(delta) + ((delta == 0) ? "" : " " + percent(Math.abs(delta))) + " (limit "
				+ Numbers.trim(limitPct, 1) + " %)";
		boolean single = before.n() == 1 && after.n() == 1;
		String ranges = "base " + range(before, metric) + ", current " + range(after, metric);
		if (worsePct > limitPct) {
			if (before.overlaps(after)) {
				return new MetricComparison(metric, before, after, delta, Verdict.NO_CHANGE,
						moved + " but inside the measured spread: " + ranges);
			}
			return new MetricComparison(metric, before, after, delta, Verdict.REGRESSION,
					single ? moved : moved + ", outside the measured spread: " + ranges);
		}
		if (-worsePct > limitPct && !before.overlaps(after)) {
			return new MetricComparison(metric, before, after, delta, Verdict.IMPROVED,
					single ? moved : moved + ", outside the measured spread: " + ranges);
		}
		// Better beyond the limit but overlapping: not shown to be an improvement.
		String within = (-worsePct > limitPct) ? moved + " but inside the measured spread: " + ranges : moved;
		return new MetricComparison(metric, before, after, delta, Verdict.WITHIN_LIMITS, within);
	}

	/**
	 * Every metric of a mode with one verdict and reason: invalid, or on one side only.
	 */
	static MetricComparison unjudged(Metric metric, Optional<Stat> baseline, Optional<Stat> current, Verdict verdict,
			String reason) {
		return new MetricComparison(metric, baseline.orElse(null), current.orElse(null), null, verdict, reason);
	}

	/**
	 * Change from {@code before} to {@code after} in percent of {@code before}; a rise
	 * from 0 is infinite.
	 */
	static double percentChange(double before, double after) {
		if (before == 0) {
			return (after == 0) ? 0 : Double.POSITIVE_INFINITY * Math.signum(after);
		}
		return (after - before) * 100.0 / before;
	}

	/**
	 * A median with its range: {@code 1000 [950–1050] n=3}; a single run is its value.
	 */
	static String figure(@Nullable Stat stat, Metric metric) {
		if (stat == null) {
			return "-";
		}
		String median = value(stat.median()) + metric.unit();
		return (stat.n() == 1) ? median
				: median + " [" + value(stat.min()) + "–" + value(stat.max()) + "] n=" + stat.n();
	}

	/** A signed percentage: {@code +2.5 %}, {@code -15.0 %}, {@code +inf}. */
	static String delta(@Nullable Double pct) {
		if (pct == null) {
			return "-";
		}
		if (pct.isInfinite()) {
			return (pct > 0) ? "+inf" : "-inf";
		}
		return ((pct >= 0) ? "+" : "") + Numbers.fixed(pct, 1) + " %";
	}

	private static String range(Stat stat, Metric metric) {
		return value(stat.min()) + "–" + value(stat.max()) + metric.unit();
	}

	private static String percent(double pct) {
		return Double.isInfinite(pct) ? "infinitely" : Numbers.fixed(pct, 1) + " %";
	}

	private static String value(double value) {
		return Numbers.trim(value, 1);
	}

}
