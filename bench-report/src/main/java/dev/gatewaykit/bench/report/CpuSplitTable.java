package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.diagnostics.CpuPart;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSplit;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.Numbers;

/**
 * What spends each mode's gateway CPU per request ({@link CpuSplit}), a column per mode
 * whose on-CPU profile was taken: the report's table and the terminal's.
 */
final class CpuSplitTable {

	private CpuSplitTable() {
	}

	/**
	 * A header row, a row per part that any mode spent CPU on (in {@link CpuPart}'s
	 * order), the whole and the samples; no rows when no mode has a split.
	 */
	static List<List<String>> rows(List<ModeSummary> modes) {
		List<CpuSplit> splits = new ArrayList<>();
		List<String> header = new ArrayList<>(List.of("gateway CPU µs per request"));
		for (ModeSummary mode : modes) {
			CpuSplit split = (mode.diagnostics() != null) ? mode.diagnostics().cpuSplit() : null;
			if (split != null && split.samples() > 0) {
				splits.add(split);
				header.add(mode.mode());
			}
		}
		if (splits.isEmpty()) {
			return List.of();
		}
		List<List<String>> rows = new ArrayList<>();
		rows.add(header);
		for (CpuPart part : CpuPart.values()) {
			List<String> row = new ArrayList<>(List.of(part.label()));
			boolean spent = false;
			for (CpuSplit split : splits) {
				Optional<CpuSplit.Part> found = split.parts().stream().filter((p) -> p.part() == part).findFirst();
				spent |= found.isPresent();
				row.add(found.map((p) -> Numbers.fixed(p.micros(), 0)).orElse("-"));
			}
			if (spent) {
				rows.add(row);
			}
		}
		List<String> all = new ArrayList<>(List.of("all"));
		List<String> samples = new ArrayList<>(List.of("profile samples"));
		for (CpuSplit split : splits) {
			all.add(Numbers.fixed(split.gatewayMicros(), 0));
			samples.add(Long.toString(split.samples()));
		}
		rows.add(all);
		rows.add(samples);
		return rows;
	}

	static String html(List<ModeSummary> modes) {
		List<List<String>> rows = rows(modes);
		if (rows.isEmpty()) {
			return "";
		}
		StringBuilder html = new StringBuilder("<h3>What spends the gateway's CPU</h3>\n");
		html.append("<p class=\"meta\">Each mode's gateway CPU per request (the table above) divided by its on-CPU ")
			.append("profile: every gateway thread, GC and JIT included, sampled by async-profiler every 5 ms of ")
			.append("CPU over the window's third quarter (with --profile cpu: the flame graph's samples, every ")
			.append("1 ms over the second half). A sample counts for the nearest library frame above its ")
			.append("leaf; the JDK's, the JVM's and the kernel's frames count for the code that called them (a ")
			.append("socket write under Netty is Netty's). \"filters\" is Java code in no library: the kit's ")
			.append("filters, or yours.</p>\n");
		html.append("<table class=\"summary\">\n<tr>");
		for (String cell : rows.get(0)) {
			html.append("<th>").append(SvgChart.escape(cell)).append("</th>");
		}
		html.append("</tr>\n");
		for (List<String> row : rows.subList(1, rows.size())) {
			html.append("<tr><td class=\"text\">").append(SvgChart.escape(row.get(0))).append("</td>");
			for (String cell : row.subList(1, row.size())) {
				html.append("<td>").append(SvgChart.escape(cell)).append("</td>");
			}
			html.append("</tr>\n");
		}
		return html.append("</table>\n").toString();
	}

}
