package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.chaos.ChaosPlan;
import dev.gatewaykit.bench.analysis.chaos.FaultOutcome;
import dev.gatewaykit.bench.model.BenchJson;

/**
 * A chaos run's results: one row per mode and fault, as a terminal table and in the run's
 * own {@code chaos.json} and {@code chaos.html} (apart from a bench's
 * {@code report.html}: a chaos run measures no throughput, so none of that page's
 * sections applies to it).
 */
public final class ChaosReport {

	static final String JSON = "chaos.json";

	static final String HTML = "chaos.html";

	private static final List<String> HEADER = List.of("mode", "fault", "during the fault", "slowest / bound", "errors",
			"recovery", "circuit breaker", "verdict");

	private ChaosReport() {
	}

	/** The rows under {@link #HEADER}. */
	static List<List<String>> rows(List<FaultOutcome> outcomes) {
		List<List<String>> rows = new ArrayList<>();
		for (FaultOutcome outcome : outcomes) {
			rows.add(List.of(outcome.mode(), outcome.fault() + (outcome.baselineClean() ? "" : " (dirty baseline)"),
					statuses(outcome.statuses()), outcome.slowestMs() + " / " + outcome.boundMs() + " ms",
					outcome.errors() + " of " + outcome.requests(),
					outcome.recoverySeconds().map((s) -> s + " s").orElse("none"),
					outcome.breaker()
						.map((transitions) -> transitions.isEmpty() ? "no transition" : String.join(", ", transitions))
						.orElse("no breaker"),
					outcome.met() ? "ok" : "MISSED: " + String.join("; ", outcome.misses())));
		}
		return rows;
	}

	/** The terminal table. */
	public static String table(List<FaultOutcome> outcomes) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(HEADER);
		rows.addAll(rows(outcomes));
		return TextTable.render(rows);
	}

	/** Writes {@code chaos.json} and {@code chaos.html} into {@code dir}. */
	public static void write(Path dir, ChaosPlan options, List<FaultOutcome> outcomes) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("rate", options.rate());
		json.put("baselineSeconds", options.baseline().toSeconds());
		json.put("faultSeconds", options.fault().toSeconds());
		json.put("marginMs", options.margin().toMillis());
		json.put("recoveryTargetSeconds", options.recoveryTarget().toSeconds());
		json.put("outcomes", outcomes);
		try {
			Files.createDirectories(dir);
			Files.writeString(dir.resolve(JSON), BenchJson.write(json), StandardCharsets.UTF_8);
			Files.writeString(dir.resolve(HTML), html(options, outcomes), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not write the chaos report in " + dir, ex);
		}
	}

	static String html(ChaosPlan options, List<FaultOutcome> outcomes) {
		StringBuilder page = new StringBuilder();
		page.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>./kit chaos</title>")
			.append("<style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>./kit chaos</h1>\n<p>")
			.append(options.rate())
			.append(" requests/s (open model) through nginx and the gateway; each fault for ")
			.append(options.fault().toSeconds())
			.append(" s after ")
			.append(options.baseline().toSeconds())
			.append(" s of baseline. Targets: the slowest answer within its link's timeout + ")
			.append(options.margin().toMillis())
			.append(" ms, all answers 2xx again within ")
			.append(options.recoveryTarget().toSeconds())
			.append(" s of the lift. How each figure is measured: docs/chaos.md.</p>\n<table>\n<tr>");
		HEADER.forEach((title) -> page.append("<th>").append(SvgChart.escape(title)).append("</th>"));
		page.append("</tr>\n");
		for (List<String> row : rows(outcomes)) {
			page.append(row.stream()
				.map((cell) -> "<td>" + SvgChart.escape(cell) + "</td>")
				.collect(Collectors.joining("", "<tr>", "</tr>\n")));
		}
		return page.append("</table>\n</body></html>\n").toString();
	}

	private static String statuses(Map<String, Integer> statuses) {
		return statuses.isEmpty() ? "nothing sent"
				: statuses.entrySet()
					.stream()
					.map((e) -> e.getKey() + "×" + e.getValue())
					.collect(Collectors.joining(" "));
	}

}
