package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.model.Numbers;

/**
 * The spread of a {@code --repeat N} run: per mode the median and min–max of TPS, p99 and
 * the gateway's CPU per request over its valid repeats. The summary table shows the
 * median repeat; this says how far the others were from it.
 */
final class RepeatsTable {

	private RepeatsTable() {
	}

	/** The rows, or none when no mode ran more than once. */
	static List<List<String>> rows(List<ModeSamples> samples) {
		if (samples.stream().allMatch((mode) -> mode.runs().size() < 2)) {
			return List.of();
		}
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("repeats", "runs", "TPS median [min–max]", "spread", "p99 ms median [min–max]",
				"gateway CPU µs/req median [min–max]", "shown"));
		for (ModeSamples mode : samples) {
			int invalid = mode.runs().size() - mode.valid().size();
			rows.add(List.of(mode.mode(), mode.runs().size() + ((invalid > 0) ? " (" + invalid + " invalid)" : ""),
					stat(mode.tps(), 1), mode.tps().map((tps) -> Numbers.fixed(tps.spreadPct(), 0) + " %").orElse("-"),
					stat(mode.p99Ms(), 0), stat(mode.gatewayCpuMicros(), 0), mode.shown()));
		}
		return rows;
	}

	static String terminal(List<ModeSamples> samples) {
		List<List<String>> rows = rows(samples);
		return rows.isEmpty() ? "" : TextTable.render(rows) + "\n";
	}

	static String html(List<ModeSamples> samples) {
		List<List<String>> rows = rows(samples);
		if (rows.isEmpty()) {
			return "";
		}
		return "<h2>Repeats</h2>\n<p>The modes ran interleaved, each several times; the summary above shows each "
				+ "mode's median repeat. The spread is the TPS range in percent of its median: a comparison inside it "
				+ "is no change.</p>\n" + HtmlTable.render(rows);
	}

	private static String stat(Optional<Stat> stat, int decimals) {
		return stat.map((value) -> value.describe(decimals)).orElse("-");
	}

}
