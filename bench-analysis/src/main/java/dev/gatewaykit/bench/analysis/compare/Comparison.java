package dev.gatewaykit.bench.analysis.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.Numbers;

/**
 * A run compared mode by mode, metric by metric, with a saved baseline, on the medians
 * and ranges of each mode's repeats ({@link ModeComparison}, {@link MetricComparison}
 * hold the rules). The ceiling is not compared: it measures the box without the gateway.
 */
public final class Comparison {

	/** The terminal width the table and its reasons fit. */
	static final int WIDTH = 120;

	private final List<ModeComparison> modes;

	private final Thresholds thresholds;

	private Comparison(List<ModeComparison> modes, Thresholds thresholds) {
		this.modes = List.copyOf(modes);
		this.thresholds = thresholds;
	}

	public static Comparison of(List<ModeSamples> baseline, List<ModeSamples> current, Thresholds thresholds) {
		Map<String, ModeSamples> before = byMode(baseline);
		Map<String, ModeSamples> after = byMode(current);
		TreeSet<String> names = new TreeSet<>(
				Comparator.comparingInt(Summarizer::order).thenComparing(Comparator.naturalOrder()));
		names.addAll(before.keySet());
		names.addAll(after.keySet());
		List<ModeComparison> modes = new ArrayList<>();
		for (String mode : names) {
			modes.add(ModeComparison.of(mode, before.get(mode), after.get(mode), thresholds));
		}
		return new Comparison(modes, thresholds);
	}

	public List<ModeComparison> modes() {
		return this.modes;
	}

	public Thresholds thresholds() {
		return this.thresholds;
	}

	/** Whether any mode regressed or was invalid. */
	public boolean failed() {
		return this.modes.stream().anyMatch((mode) -> mode.verdict().failing());
	}

	/** Whether any mode was compared at all: present, and valid or not, on both sides. */
	public boolean comparedAny() {
		return this.modes.stream().anyMatch((mode) -> mode.verdict().compared());
	}

	/**
	 * One line per mode and metric: the medians with their ranges, the change of the
	 * median and the verdict; then, under the table, the reason for every verdict other
	 * than "within limits" (the reasons name the ranges, which would make the table too
	 * wide for a terminal), wrapped to {@link #WIDTH} columns.
	 */
	public String table() {
		List<List<String>> lines = new ArrayList<>();
		lines.add(List.of("mode", "metric", "baseline median [min–max]", "current median [min–max]", "Δ median",
				"verdict"));
		List<String> reasons = new ArrayList<>();
		for (ModeComparison mode : this.modes) {
			if (!mode.verdict().compared() || mode.verdict() == Verdict.INVALID) {
				lines.add(List.of(mode.mode(), "all", "-", "-", "-", mode.verdict().label()));
				reasons.add(mode.mode() + ": " + mode.verdict().label() + ": " + mode.reason());
				continue;
			}
			for (MetricComparison metric : mode.metrics()) {
				lines.add(List.of(mode.mode(), metric.metric().label(),
						MetricComparison.figure(metric.baseline(), metric.metric()),
						MetricComparison.figure(metric.current(), metric.metric()),
						MetricComparison.delta(metric.deltaPct()), metric.verdict().label()));
				if (metric.verdict() != Verdict.WITHIN_LIMITS) {
					reasons.add(mode.mode() + " " + metric.metric().label() + ": " + metric.verdict().label() + ": "
							+ metric.reason());
				}
			}
		}
		StringBuilder out = new StringBuilder(TextTable.render(lines));
		if (!reasons.isEmpty()) {
			out.append('\n');
			reasons.forEach((reason) -> out.append(wrap(reason)));
		}
		return out.toString();
	}

	/** The one-line verdict under the table. */
	public String verdictLine() {
		List<String> invalid = this.modes.stream()
			.filter((mode) -> mode.verdict() == Verdict.INVALID)
			.map(ModeComparison::mode)
			.toList();
		List<String> regressed = metrics(Verdict.REGRESSION);
		if (failed()) {
			List<String> parts = new ArrayList<>();
			if (!regressed.isEmpty()) {
				parts.add("REGRESSION: " + String.join(", ", regressed));
			}
			if (!invalid.isEmpty()) {
				parts.add("INVALID: " + String.join(", ", invalid));
			}
			return String.join("; ", parts);
		}
		if (!comparedAny()) {
			return "nothing compared: the two runs share no mode";
		}
		List<String> unchanged = metrics(Verdict.NO_CHANGE);
		return "no regression (limits: TPS drop " + Numbers.trim(this.thresholds.maxTpsDropPct(), 1) + " %, p99 rise "
				+ Numbers.trim(this.thresholds.maxP99RisePct(), 1) + " %, CPU/req rise "
				+ Numbers.trim(this.thresholds.maxCpuRisePct(), 1) + " %)" + (unchanged.isEmpty() ? ""
						: "; worse but inside the measured spread, so no change: " + String.join(", ", unchanged));
	}

	/**
	 * A reason line broken after a comma (or else at a space) to fit {@link #WIDTH}
	 * columns, the continuation lines indented.
	 */
	static String wrap(String line) {
		StringBuilder out = new StringBuilder();
		String rest = line;
		String indent = "";
		while (indent.length() + rest.length() > WIDTH) {
			int room = WIDTH - indent.length();
			// After a comma where there is one, so that a figure keeps its unit.
			int comma = rest.lastIndexOf(", ", room - 1);
			int space = (comma > 0) ? comma + 1 : rest.lastIndexOf(' ', room);
			if (space <= 0) {
				break;
			}
			out.append(indent).append(rest, 0, space).append('\n');
			rest = rest.substring(space + 1);
			indent = "    ";
		}
		return out.append(indent).append(rest).append('\n').toString();
	}

	/** {@code mode metric} of every metric with this verdict. */
	private List<String> metrics(Verdict verdict) {
		List<String> names = new ArrayList<>();
		for (ModeComparison mode : this.modes) {
			mode.metrics()
				.stream()
				.filter((metric) -> metric.verdict() == verdict)
				.forEach((metric) -> names.add(mode.mode() + " " + metric.metric().label()));
		}
		return names;
	}

	private static Map<String, ModeSamples> byMode(List<ModeSamples> samples) {
		Map<String, ModeSamples> map = new LinkedHashMap<>();
		for (ModeSamples mode : samples) {
			if (!ModeSummary.CEILING.equals(mode.mode())) {
				map.put(mode.mode(), mode);
			}
		}
		return map;
	}

}
