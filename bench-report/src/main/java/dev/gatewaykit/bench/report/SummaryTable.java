package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.flip.FlipSummary;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.RunValidity;
import dev.gatewaykit.bench.analysis.summary.Validity;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.PhaseStats;

/**
 * The per-mode table, as printed in the terminal and shown in {@code report.html}:
 * achieved TPS beside the bound that binds it (Little's law on the threads or the load,
 * or the cores' CPU) and how close it came, latency of the OK responses, error rate. An
 * invalid mode shows {@code INVALID (x.x % errors)} where its TPS would be: it is not a
 * throughput.
 */
public final class SummaryTable {

	static final List<String> HEADER = List.of("mode", "offered", "TPS", "mean ms", "p50", "p90", "p99", "max",
			"errors", "bound", "of bound", "why");

	private SummaryTable() {
	}

	/**
	 * One row of the table.
	 *
	 * @param cells one per {@link #HEADER} column
	 * @param mode the mode it belongs to (its colour in the report)
	 * @param valid whether its TPS may be quoted
	 */
	record Row(List<String> cells, String mode, boolean valid) {
	}

	/** Header row first, then one row per mode, then the ceiling if there is one. */
	public static List<List<String>> rows(List<ModeSummary> modes, ModeSummary ceiling) {
		return rows(modes, ceiling, null);
	}

	/**
	 * Likewise, with the before and after figures of a mode switch under the mode that
	 * switched.
	 */
	public static List<List<String>> rows(List<ModeSummary> modes, ModeSummary ceiling, FlipSummary flip) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(HEADER);
		body(modes, ceiling, flip).forEach((row) -> rows.add(row.cells()));
		return rows;
	}

	static List<Row> body(List<ModeSummary> modes, ModeSummary ceiling, FlipSummary flip) {
		List<Row> rows = new ArrayList<>();
		for (ModeSummary mode : modes) {
			rows.add(new Row(row(mode), mode.mode(), mode.valid()));
			if (flip != null && flip.mode().equals(mode.mode())) {
				for (FlipSummary.Side side : Arrays.asList(flip.before(), flip.after())) {
					if (side != null) {
						Validity validity = validity(side);
						rows.add(new Row(row(side, side == flip.after(), mode, validity), mode.mode(),
								validity.valid()));
					}
				}
			}
		}
		if (ceiling != null) {
			rows.add(new Row(row(ceiling), ceiling.mode(), ceiling.valid()));
		}
		return rows;
	}

	/**
	 * A side of a mode switch, e.g. {@code  after: reactive, 14–30 s}. Latencies merged
	 * from histograms are exact; otherwise they are upper bounds, marked {@code ≤}.
	 */
	static List<String> row(FlipSummary.Side side, boolean after, ModeSummary mode, Validity validity) {
		Prediction prediction = side.prediction();
		String predicted = bound(prediction);
		String bound = side.latencyExact() ? "" : "≤ ";
		String name = "  " + (after ? "after" : "before") + ": " + side.mode() + ", " + side.fromSecond() + "–"
				+ side.toSecond() + " s";
		String tps = validity.valid() ? Numbers.fixed(side.tps(), 1) : "INVALID (" + validity.reason() + ")";
		return List.of(name, mode.workload().describe(), tps, bound + ms(side.latencyMs().mean()),
				bound + ms(side.latencyMs().p50()), bound + ms(side.latencyMs().p90()),
				bound + ms(side.latencyMs().p99()), bound + ms(side.latencyMs().max()),
				Numbers.fixed(side.errorPct(), 2) + " %", predicted, ofBound(side.tps(), prediction, validity.valid()),
				(prediction != null) ? prediction.formula() : "");
	}

	/** The same 1 % rule as a whole window. */
	static Validity validity(FlipSummary.Side side) {
		return RunValidity.of(new PhaseStats(side.ok(), side.ko(), side.latencyMs(), null));
	}

	static List<String> row(ModeSummary mode) {
		Prediction prediction = mode.prediction();
		String predicted = bound(prediction);
		String formula = (prediction != null) ? prediction.formula() : "";
		// Beside the bound, how busy the cores were: near 100 % under a CPU bound that
		// is not reached means CPU the sum did not see; well below it, idle cores.
		if (mode.diagnostics() != null && mode.diagnostics().machine() != null) {
			formula += (formula.isEmpty() ? "" : "; ") + "cores "
					+ Numbers.fixed(mode.diagnostics().machine().busyPct(), 0) + " % busy";
		}
		String name = ModeSummary.CEILING.equals(mode.mode()) ? "ceiling (no gateway)" : mode.mode();
		return List.of(name, mode.workload().describe(), tps(mode), ms(mode.latencyMs().mean()),
				ms(mode.latencyMs().p50()), ms(mode.latencyMs().p90()), ms(mode.latencyMs().p99()),
				ms(mode.latencyMs().max()), Numbers.fixed(mode.errorPct(), 2) + " %", predicted,
				ofBound(mode.boundTps(), prediction, mode.valid()), formula);
	}

	private static String of(String ofBound) {
		return ofBound.equals("-") ? "" : ", " + ofBound + " of it";
	}

	private static String bound(@Nullable Prediction prediction) {
		return (prediction == null || prediction.tps() == null) ? "-" : Numbers.fixed(prediction.tps(), 0);
	}

	/**
	 * Measured ÷ bound, e.g. {@code 91 %}: near 100 % the bound explains the TPS; well
	 * below, something the kit does not see binds.
	 */
	static String ofBound(double tps, @Nullable Prediction prediction, boolean valid) {
		if (!valid || prediction == null || prediction.tps() == null || !(prediction.tps() > 0)) {
			return "-";
		}
		return Math.round(tps / prediction.tps() * 100) + " %";
	}

	/** The TPS cell: the figure, or why there is none. */
	public static String tps(ModeSummary mode) {
		if (!mode.valid()) {
			return "INVALID (" + mode.validity().reason() + ")";
		}
		return Numbers.fixed(mode.tps(), 1);
	}

	/**
	 * One mode in one line, as the bench prints it when the mode is summarized: TPS (or
	 * why there is none), p99, errors and the prediction.
	 */
	public static String line(ModeSummary summary) {
		String tps = summary.valid() ? Numbers.fixed(summary.tps(), 1) + " TPS" : tps(summary);
		return summary.mode() + ": " + tps + ", p99 " + Numbers.trim(summary.latencyMs().p99(), 0) + " ms, errors "
				+ Numbers.fixed(summary.errorPct(), 2) + " %, bound " + bound(summary.prediction()) + " ("
				+ summary.prediction().formula() + ")"
				+ of(ofBound(summary.boundTps(), summary.prediction(), summary.valid()));
	}

	/** The table plus the headline ratio line, for the terminal. */
	public static String terminal(RunSummary summary) {
		StringBuilder out = new StringBuilder(
				TextTable.render(rows(summary.modes(), summary.ceiling(), summary.flip())));
		out.append('\n');
		out.append(RepeatsTable.terminal(summary.samples()));
		out.append(ScalingSection.terminal(summary.scaling()));
		List<ModeSummary> all = new ArrayList<>(summary.modes());
		if (summary.ceiling() != null) {
			all.add(summary.ceiling());
		}
		List<List<String>> cpu = DiagnosticsSection.cpuRows(all);
		if (cpu.size() > 1) {
			out.append(TextTable.render(cpu)).append('\n');
		}
		List<List<String>> split = CpuSplitTable.rows(all);
		if (!split.isEmpty()) {
			out.append(TextTable.render(split)).append('\n');
		}
		if (summary.flip() != null) {
			out.append(flipLine(summary.flip())).append('\n');
		}
		for (ModeSummary mode : summary.modes()) {
			out.append(mode.mode()).append(": warm-up ").append(warmup(mode));
			if (mode.prediction() != null && mode.prediction().holdTime() != null) {
				out.append("; per request ").append(mode.prediction().holdTime().describe());
			}
			out.append('\n');
		}
		out.append(ReportPage.headlineText(summary)).append('\n');
		for (String warning : summary.warnings()) {
			out.append("warning: ").append(warning).append('\n');
		}
		return out.toString();
	}

	/**
	 * E.g.
	 * {@code mode switch blocking → reactive (via actuator): planned at 10 s, requested at 10.002 s, confirmed at
	 * 10.043 s; seconds 10–14 left out}.
	 */
	public static String flipLine(FlipSummary flip) {
		StringBuilder line = new StringBuilder("mode switch ").append(flip.label())
			.append(": planned at ")
			.append(Numbers.trim(flip.plannedAtSeconds(), 3))
			.append(" s");
		if (flip.requestedAtSeconds() != null) {
			line.append(", requested at ").append(Numbers.trim(flip.requestedAtSeconds(), 3)).append(" s");
		}
		if (flip.confirmedAtSeconds() != null) {
			line.append(", confirmed at ").append(Numbers.trim(flip.confirmedAtSeconds(), 3)).append(" s");
		}
		line.append(" into the window; seconds ")
			.append(flip.excludedFromSecond())
			.append('–')
			.append(flip.excludedToSecond())
			.append(" left out");
		if (flip.confirmed()) {
			line.append(" (the switch, then ")
				.append(flip.drainSeconds())
				.append(" s still completing requests sent before it)");
		}
		else {
			line.append(": ").append(flip.error());
		}
		return line.toString();
	}

	/** How the mode's warm-up ended, or {@code -} for summaries that do not say. */
	static String warmup(ModeSummary mode) {
		return (mode.warmup() != null) ? mode.warmup().describe() : "-";
	}

	private static String ms(double value) {
		return Numbers.trim(value, 0);
	}

}
