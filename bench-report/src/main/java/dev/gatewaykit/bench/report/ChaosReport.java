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
import dev.gatewaykit.bench.analysis.chaos.ChaosResults;
import dev.gatewaykit.bench.analysis.chaos.FaultOutcome;
import dev.gatewaykit.bench.analysis.chaos.LifecycleOutcome;
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

	private static final List<String> LIFECYCLE_HEADER = List.of("lifecycle fault", "setting", "statuses", "errors",
			"slowest", "log lines with the users' error", "verdict");

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

	/**
	 * The rows under {@link #LIFECYCLE_HEADER}: per fault the naive gateway's, then the
	 * template's.
	 */
	static List<List<String>> lifecycleRows(List<LifecycleOutcome> outcomes) {
		List<List<String>> rows = new ArrayList<>();
		for (LifecycleOutcome outcome : outcomes) {
			rows.add(lifecycleRow(outcome.fault(), "naive: ", outcome.naive(), outcome.signature(),
					outcome.reproduced() ? "reproduced" : "MISSED: not reproduced"));
			rows.add(lifecycleRow("", "template: ", outcome.template(), outcome.signature(), outcome.prevented()
					? (outcome.retried() ? "prevented (retried)" : "prevented") : "MISSED: not prevented"));
		}
		return rows;
	}

	private static List<String> lifecycleRow(String fault, String label, LifecycleOutcome.Side side, String signature,
			String verdict) {
		return List.of(fault, label + side.setting(), statuses(side.statuses()),
				side.errors() + " of " + side.requests(), side.slowestMs() + " ms",
				side.signatureLines() + " × '" + signature + "'", verdict);
	}

	/** The terminal tables: the link faults', then the lifecycle faults'. */
	public static String table(ChaosResults results) {
		StringBuilder tables = new StringBuilder();
		if (!results.faults().isEmpty()) {
			List<List<String>> rows = new ArrayList<>();
			rows.add(HEADER);
			rows.addAll(rows(results.faults()));
			tables.append(TextTable.render(rows));
		}
		if (!results.lifecycle().isEmpty()) {
			List<List<String>> rows = new ArrayList<>();
			rows.add(LIFECYCLE_HEADER);
			rows.addAll(lifecycleRows(results.lifecycle()));
			tables.append(tables.isEmpty() ? "" : "\n").append(TextTable.render(rows));
		}
		return tables.toString();
	}

	/** Writes {@code chaos.json} and {@code chaos.html} into {@code dir}. */
	public static void write(Path dir, ChaosPlan options, ChaosResults outcomes) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("rate", options.rate());
		json.put("baselineSeconds", options.baseline().toSeconds());
		json.put("faultSeconds", options.fault().toSeconds());
		json.put("marginMs", options.margin().toMillis());
		json.put("recoveryTargetSeconds", options.recoveryTarget().toSeconds());
		json.put("outcomes", outcomes.faults());
		json.put("lifecycle", outcomes.lifecycle());
		try {
			Files.createDirectories(dir);
			Files.writeString(dir.resolve(JSON), BenchJson.write(json), StandardCharsets.UTF_8);
			Files.writeString(dir.resolve(HTML), html(options, outcomes), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not write the chaos report in " + dir, ex);
		}
	}

	static String html(ChaosPlan options, ChaosResults outcomes) {
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
			.append(" s of the lift. How each figure is measured: docs/chaos.md.</p>\n");
		table(page, HEADER, rows(outcomes.faults()));
		if (!outcomes.lifecycle().isEmpty()) {
			page.append(
					"<h2>Connection-lifecycle faults</h2>\n<p>Each fault on a route of its own, first to a gateway ")
				.append("with the naive setting, then to one with the template's, each under the same load; the ")
				.append("naive one must show the users' error, the template's neither a failed request nor the error.")
				.append("</p>\n");
			table(page, LIFECYCLE_HEADER, lifecycleRows(outcomes.lifecycle()));
		}
		return page.append("</body></html>\n").toString();
	}

	private static void table(StringBuilder page, List<String> header, List<List<String>> rows) {
		page.append("<table>\n<tr>");
		header.forEach((title) -> page.append("<th>").append(SvgChart.escape(title)).append("</th>"));
		page.append("</tr>\n");
		for (List<String> row : rows) {
			page.append(row.stream()
				.map((cell) -> "<td>" + SvgChart.escape(cell) + "</td>")
				.collect(Collectors.joining("", "<tr>", "</tr>\n")));
		}
		page.append("</table>\n");
	}

	private static String statuses(Map<String, Integer> statuses) {
		return statuses.isEmpty() ? "nothing sent"
				: statuses.entrySet()
					.stream()
					.map((e) -> e.getKey() + "×" + e.getValue())
					.collect(Collectors.joining(" "));
	}

}
