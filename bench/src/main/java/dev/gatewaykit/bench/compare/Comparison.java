package dev.gatewaykit.bench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.gatewaykit.bench.cli.ExitCodes;
import dev.gatewaykit.bench.summary.ModeSummary;
import dev.gatewaykit.bench.summary.Numbers;
import dev.gatewaykit.bench.summary.Summarizer;
import dev.gatewaykit.bench.report.TextTable;

/**
 * A run compared mode by mode with a saved baseline. A mode regresses when its TPS drops,
 * or its p99 rises, by more than the threshold (exactly at the threshold still passes).
 * An invalid run on either side is never a pass: its TPS means nothing, so nothing can be
 * concluded from it. A mode present on one side only is reported, not fatal: runs of
 * different mode sets are still comparable on what they share.
 */
public final class Comparison {

	/** What one mode's comparison concluded. */
	public enum Verdict {

		OK(false), REGRESSION(true), INVALID(true), ONLY_IN_BASELINE(false), ONLY_IN_CURRENT(false);

		private final boolean failing;

		Verdict(boolean failing) {
			this.failing = failing;
		}

		public boolean failing() {
			return this.failing;
		}

		String label() {
			return name().replace('_', ' ');
		}

	}

	/**
	 * One mode's line.
	 *
	 * @param mode the mode name
	 * @param baseline the baseline's summary, {@code null} when absent
	 * @param current the current summary, {@code null} when absent
	 * @param tpsDeltaPct TPS change in percent of the baseline (negative = slower),
	 * {@code null} when not compared
	 * @param p99DeltaPct p99 change in percent of the baseline (positive = slower),
	 * {@code null} when not compared
	 * @param verdict the conclusion
	 * @param reason why, for humans
	 */
	public record Row(String mode, ModeSummary baseline, ModeSummary current, Double tpsDeltaPct, Double p99DeltaPct,
			Verdict verdict, String reason) {
	}

	private final List<Row> rows;

	private final Thresholds thresholds;

	private Comparison(List<Row> rows, Thresholds thresholds) {
		this.rows = List.copyOf(rows);
		this.thresholds = thresholds;
	}

	public static Comparison of(List<ModeSummary> baseline, List<ModeSummary> current, Thresholds thresholds) {
		Map<String, ModeSummary> before = byMode(baseline);
		Map<String, ModeSummary> after = byMode(current);
		TreeSet<String> modes = new TreeSet<>(
				Comparator.comparingInt(Summarizer::order).thenComparing(Comparator.naturalOrder()));
		modes.addAll(before.keySet());
		modes.addAll(after.keySet());
		List<Row> rows = new ArrayList<>();
		for (String mode : modes) {
			rows.add(compare(mode, before.get(mode), after.get(mode), thresholds));
		}
		return new Comparison(rows, thresholds);
	}

	static Row compare(String mode, ModeSummary baseline, ModeSummary current, Thresholds thresholds) {
		if (current == null) {
			return new Row(mode, baseline, null, null, null, Verdict.ONLY_IN_BASELINE, "not in the current run");
		}
		if (baseline == null) {
			return new Row(mode, null, current, null, null, Verdict.ONLY_IN_CURRENT, "not in the baseline");
		}
		if (!current.valid()) {
			return new Row(mode, baseline, current, null, null, Verdict.INVALID,
					"current run invalid (" + current.validity().reason() + ")");
		}
		if (!baseline.valid()) {
			return new Row(mode, baseline, current, null, null, Verdict.INVALID,
					"baseline invalid (" + baseline.validity().reason() + "): save a valid baseline");
		}
		double tpsDelta = percentChange(baseline.tps(), current.tps());
		double p99Delta = percentChange(baseline.latencyMs().p99(), current.latencyMs().p99());
		List<String> problems = new ArrayList<>();
		if (-tpsDelta > thresholds.maxTpsDropPct()) {
			problems.add("TPS dropped " + Numbers.fixed(-tpsDelta, 1) + " % (limit "
					+ Numbers.trim(thresholds.maxTpsDropPct(), 1) + " %)");
		}
		if (p99Delta > thresholds.maxP99RisePct()) {
			problems.add("p99 rose " + Numbers.fixed(p99Delta, 1) + " % (limit "
					+ Numbers.trim(thresholds.maxP99RisePct(), 1) + " %)");
		}
		return problems.isEmpty() ? new Row(mode, baseline, current, tpsDelta, p99Delta, Verdict.OK, "within limits")
				: new Row(mode, baseline, current, tpsDelta, p99Delta, Verdict.REGRESSION, String.join("; ", problems));
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

	public List<Row> rows() {
		return this.rows;
	}

	/**
	 * 1 when any compared mode regressed or was invalid, 2 when the runs share no mode at
	 * all (nothing was decided: most likely the wrong files), 0 otherwise.
	 */
	public int exitCode() {
		if (this.rows.stream().anyMatch((row) -> row.verdict().failing())) {
			return ExitCodes.FAILED;
		}
		boolean anyCompared = this.rows.stream().anyMatch((row) -> row.verdict() == Verdict.OK);
		return anyCompared ? ExitCodes.OK : ExitCodes.USAGE;
	}

	/** The per-mode deltas as a terminal table, followed by a one-line verdict. */
	public String table() {
		List<List<String>> lines = new ArrayList<>();
		lines.add(List.of("mode", "base TPS", "TPS", "Δ TPS", "base p99", "p99", "Δ p99", "verdict"));
		for (Row row : this.rows) {
			lines.add(List.of(row.mode(), tps(row.baseline()), tps(row.current()), delta(row.tpsDeltaPct()),
					p99(row.baseline()), p99(row.current()), delta(row.p99DeltaPct()),
					row.verdict().label() + ": " + row.reason()));
		}
		StringBuilder out = new StringBuilder(TextTable.render(lines));
		int code = exitCode();
		out.append('\n').append(switch (code) {
			case ExitCodes.OK -> "no regression (limits: TPS drop " + Numbers.trim(this.thresholds.maxTpsDropPct(), 1)
					+ " %, p99 rise " + Numbers.trim(this.thresholds.maxP99RisePct(), 1) + " %)";
			case ExitCodes.FAILED -> "REGRESSION: see the verdict column";
			default -> "nothing compared: the two runs share no mode";
		}).append('\n');
		return out.toString();
	}

	private static Map<String, ModeSummary> byMode(List<ModeSummary> summaries) {
		Map<String, ModeSummary> map = new LinkedHashMap<>();
		for (ModeSummary summary : summaries) {
			if (!ModeSummary.CEILING.equals(summary.mode())) {
				map.put(summary.mode(), summary);
			}
		}
		return map;
	}

	private static String tps(ModeSummary summary) {
		if (summary == null) {
			return "-";
		}
		return summary.valid() ? Numbers.fixed(summary.tps(), 1) : "INVALID";
	}

	private static String p99(ModeSummary summary) {
		return (summary == null || !summary.valid()) ? "-" : Numbers.trim(summary.latencyMs().p99(), 0) + " ms";
	}

	private static String delta(Double pct) {
		if (pct == null) {
			return "-";
		}
		if (pct.isInfinite()) {
			return (pct > 0) ? "+inf" : "-inf";
		}
		return ((pct >= 0) ? "+" : "") + Numbers.fixed(pct, 1) + " %";
	}

}
