package dev.gatewaykit.bench.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.analysis.summary.RunValidity;

/**
 * One mode, baseline against current: a comparison per {@link Metric} and the worst of
 * them.
 *
 * @param mode the mode name
 * @param verdict the worst verdict of the metrics
 * @param reason why, for humans
 * @param metrics one comparison per metric, in {@link Metric} order
 */
public record ModeComparison(String mode, Verdict verdict, String reason, List<MetricComparison> metrics) {

	public ModeComparison {
		metrics = List.copyOf(metrics);
	}

	/**
	 * An invalid repeat on either side makes the whole mode invalid, which fails the
	 * gate: its TPS means nothing, so nothing can be concluded from the repeats around it
	 * either. A mode present on one side only is reported, not fatal: runs of different
	 * mode sets are still comparable on what they share.
	 */
	static ModeComparison of(String mode, @Nullable ModeSamples baseline, @Nullable ModeSamples current,
			Thresholds thresholds) {
		if (current == null || baseline == null) {
			ModeSamples present = (current != null) ? current : baseline;
			boolean inBaseline = baseline != null;
			Verdict verdict = inBaseline ? Verdict.ONLY_IN_BASELINE : Verdict.ONLY_IN_CURRENT;
			String reason = inBaseline ? "not in the current run" : "not in the baseline";
			return all(mode, verdict, reason, inBaseline ? present : null, inBaseline ? null : present);
		}
		List<String> invalid = new ArrayList<>();
		invalidity(current).ifPresent((why) -> invalid.add("current run invalid (" + why + ")"));
		invalidity(baseline).ifPresent((why) -> invalid.add("baseline invalid (" + why + "): save a valid baseline"));
		if (!invalid.isEmpty()) {
			return all(mode, Verdict.INVALID, String.join("; ", invalid), baseline, current);
		}
		List<MetricComparison> metrics = new ArrayList<>();
		Verdict worst = Verdict.NOT_MEASURED;
		for (Metric metric : Metric.values()) {
			MetricComparison compared = MetricComparison.of(metric, metric.of(baseline), metric.of(current),
					thresholds.limitPct(metric));
			metrics.add(compared);
			worst = Verdict.worse(worst, compared.verdict());
		}
		Verdict verdict = worst;
		List<String> reasons = metrics.stream()
			.filter((metric) -> metric.verdict() == verdict)
			.map(MetricComparison::reason)
			.distinct()
			.toList();
		return new ModeComparison(mode, verdict, String.join("; ", reasons), metrics);
	}

	private static ModeComparison all(String mode, Verdict verdict, String reason, @Nullable ModeSamples baseline,
			@Nullable ModeSamples current) {
		List<MetricComparison> metrics = new ArrayList<>();
		for (Metric metric : Metric.values()) {
			metrics
				.add(MetricComparison.unjudged(metric, stat(metric, baseline), stat(metric, current), verdict, reason));
		}
		return new ModeComparison(mode, verdict, reason, metrics);
	}

	private static Optional<Stat> stat(Metric metric, @Nullable ModeSamples samples) {
		return (samples != null) ? metric.of(samples) : Optional.empty();
	}

	/**
	 * Why a mode's repeats are not all valid: {@code 3.2 % errors} for a single run,
	 * {@code repeat 2 of 3: 3.2 % errors} for repeats.
	 */
	static Optional<String> invalidity(ModeSamples samples) {
		List<String> reasons = new ArrayList<>();
		for (Sample sample : samples.runs()) {
			if (!sample.valid()) {
				// A sample keeps the error rate, not the validity's wording; the only
				// other
				// reason a run is invalid is that nothing completed.
				String why = (sample.errorPct() > 0) ? RunValidity.percent(sample.errorPct()) + " % errors"
						: "no request completed";
				reasons.add((samples.runs().size() == 1) ? why
						: "repeat " + sample.repeat() + " of " + samples.runs().size() + ": " + why);
			}
		}
		return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", reasons));
	}

}
