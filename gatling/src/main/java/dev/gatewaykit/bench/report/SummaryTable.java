package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.bench.model.ModeSummary;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.Prediction;

/**
 * The per-mode table, as printed in the terminal and shown in {@code report.html}: achieved TPS beside Little's-law
 * prediction, latency of the OK responses, error rate. An invalid mode shows {@code INVALID (x.x % errors)} where
 * its TPS would be: it is not a throughput.
 */
public final class SummaryTable {

	static final List<String> HEADER = List.of("mode", "offered", "TPS", "mean ms", "p50", "p90", "p99", "max",
			"errors", "predicted", "Little's law");

	private SummaryTable() {
	}

	/** Header row first, then one row per mode, then the ceiling if there is one. */
	public static List<List<String>> rows(List<ModeSummary> modes, ModeSummary ceiling) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(HEADER);
		for (ModeSummary mode : modes) {
			rows.add(row(mode));
		}
		if (ceiling != null) {
			rows.add(row(ceiling));
		}
		return rows;
	}

	static List<String> row(ModeSummary mode) {
		Prediction prediction = mode.prediction();
		String predicted = (prediction == null || prediction.tps() == null) ? "-"
				: Numbers.fixed(prediction.tps(), 0);
		String formula = (prediction == null) ? "" : prediction.formula();
		String name = ModeSummary.CEILING.equals(mode.mode()) ? "ceiling (no gateway)" : mode.mode();
		return List.of(name, mode.workload().describe(), tps(mode), ms(mode.latencyMs().mean()),
				ms(mode.latencyMs().p50()), ms(mode.latencyMs().p90()), ms(mode.latencyMs().p99()),
				ms(mode.latencyMs().max()), Numbers.fixed(mode.errorPct(), 2) + " %", predicted, formula);
	}

	/** The TPS cell: the figure, or why there is none. */
	public static String tps(ModeSummary mode) {
		if (!mode.valid()) {
			return "INVALID (" + mode.validity().reason() + ")";
		}
		return Numbers.fixed(mode.tps(), 1);
	}

	/** The table plus the headline ratio line, for the terminal. */
	public static String terminal(RunSummary summary) {
		StringBuilder out = new StringBuilder(TextTable.render(rows(summary.modes(), summary.ceiling())));
		out.append('\n');
		out.append((summary.ratioText() != null) ? summary.ratioText()
				: "no ratio: the run has no valid fixed+naive pair nor a valid non-blocking and blocking mode");
		out.append('\n');
		for (String warning : summary.warnings()) {
			out.append("warning: ").append(warning).append('\n');
		}
		return out.toString();
	}

	private static String ms(double value) {
		return Numbers.trim(value, 0);
	}

}
