package dev.gatewaykit.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.knee.EdgeTimes;
import dev.gatewaykit.bench.analysis.knee.OverloadReport;
import dev.gatewaykit.bench.analysis.knee.OverloadResult;
import dev.gatewaykit.bench.analysis.knee.OverloadStep;
import dev.gatewaykit.bench.analysis.knee.Recovery;

/**
 * A knee run's overload files: {@code overload.json} and {@code overload.html} (goodput
 * and the admitted requests' p99 against the multiple of the knee, per mode), and its
 * terminal table.
 */
public final class OverloadPage {

	public static final String PAGE = "overload.html";

	/** p99s above this many times the mode's knee p99 are drawn at it. */
	static final double P99_CAP = 20;

	private OverloadPage() {
	}

	/** Writes the overload's files into {@code dir}. */
	public static void write(OverloadReport report, Path dir) {
		KneePage.writeFiles(dir, OverloadReport.FILE, report, PAGE, html(report));
	}

	/** The terminal's answer: each mode's steps, then how it recovered. */
	public static String table(OverloadReport report) {
		StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
				"overload: each mode's knee rate times each multiple, %d s to settle then a %d s window, no pause "
						+ "between; then %.1f× for %.0f s. Goodput: 2xx within %.0f ms. %s. CPU per request sent: "
						+ "the gateway's, and the load's own%n",
				report.settleSeconds(), report.windowSeconds(), report.recoveryMultiple(),
				report.results()
					.stream()
					.map(OverloadResult::recovery)
					.mapToDouble(Recovery::windowSeconds)
					.max()
					.orElse(0),
				report.deadlineMs(), capitalized(report.cpus())));
		for (OverloadResult result : report.results()) {
			text.append(String.format(Locale.ROOT, "%n%s, knee %s/s (p99 there %s)%s:%n", result.mode(),
					KneePage.rate(result.kneeRate()), KneePage.ms(result.kneeP99Ms()), edge(result)));
			text.append(TextTable.render(rows(result)));
			if (result.steps().stream().anyMatch((step) -> step.edge() != null)) {
				text.append("by nginx's clock (from its first read of a request to its answer: what the load measured "
						+ "beyond it waited outside nginx, in the kernel's queues or for a core):\n");
				text.append(TextTable.render(edgeRows(result)));
			}
			if (result.steps().stream().anyMatch((step) -> !step.waiting().isEmpty())) {
				text.append("threads waiting for a core, on average over each window (how long one waited each time "
						+ "it became runnable), from the scheduler's per-thread accounting:\n");
				text.append(TextTable.render(waitingRows(result)));
			}
			text.append(recovery(result)).append('\n');
		}
		return text.toString();
	}

	static List<List<String>> rows(OverloadResult result) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("multiple", "offered", "OK/s", "of knee", "admitted p50", "admitted p99", "503s", "503 p99",
				"slowest", "errors by kind", "limit", "breakers", "cores busy", "gateway µs", "load µs"));
		for (OverloadStep step : result.steps()) {
			rows.add(List.of(String.format(Locale.ROOT, "%.1f×%s", step.multiple(), step.cut() ? " (cut)" : ""),
					KneePage.rate(step.offered()) + "/s", KneePage.rate(step.okPerSecond()),
					String.format(Locale.ROOT, "%.0f %%", step.goodputPctOf(result.kneeRate())),
					KneePage.ms(step.admittedP50Ms()), KneePage.ms(step.admittedP99Ms()), refusals(step),
					(step.refused() == 0) ? "-" : KneePage.ms(step.refusalP99Ms()), KneePage.ms(step.slowestMs()),
					errors(step), Double.isNaN(step.limit()) ? "-" : KneePage.rate(step.limit()), breakers(step),
					Double.isNaN(step.busyPct()) ? "-" : String.format(Locale.ROOT, "%.0f %%", step.busyPct()),
					Double.isNaN(step.gatewayCpuMicros()) ? "-" : KneePage.rate(step.gatewayCpuMicros()),
					Double.isNaN(step.loadCpuMicros()) ? "-" : KneePage.rate(step.loadCpuMicros())));
		}
		return rows;
	}

	/** Each step's requests as nginx saw them; "-" for a step whose log was not read. */
	static List<List<String>> edgeRows(OverloadResult result) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("multiple", "requests", "nginx's 503s", "their p99", "the gateway's 503s", "their p99",
				"2xx p99"));
		for (OverloadStep step : result.steps()) {
			EdgeTimes edge = step.edge();
			String multiple = String.format(Locale.ROOT, "%.1f×", step.multiple());
			if (edge == null) {
				rows.add(List.of(multiple, "-", "-", "-", "-", "-", "-"));
				continue;
			}
			rows.add(List.of(multiple, Long.toString(edge.requests()), Long.toString(edge.edgeRefused()),
					(edge.edgeRefused() == 0) ? "-" : KneePage.ms(edge.edgeRefusalP99Ms()),
					Long.toString(edge.gatewayRefused()),
					(edge.gatewayRefused() == 0) ? "-" : KneePage.ms(edge.gatewayRefusalP99Ms()),
					(edge.admitted() == 0) ? "-" : KneePage.ms(edge.admittedP99Ms())));
		}
		return rows;
	}

	/** Each step's threads waiting for a core, all and by process, as they were named. */
	static List<List<String>> waitingRows(OverloadResult result) {
		List<String> names = result.steps()
			.stream()
			.flatMap((step) -> step.waiting().keySet().stream())
			.distinct()
			.toList();
		List<List<String>> rows = new ArrayList<>();
		List<String> head = new ArrayList<>(List.of("multiple", "all"));
		head.addAll(names);
		rows.add(head);
		for (OverloadStep step : result.steps()) {
			List<String> row = new ArrayList<>(List.of(String.format(Locale.ROOT, "%.1f×", step.multiple()),
					step.waiting().isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", step.waitingThreads())));
			for (String name : names) {
				OverloadStep.Waiting waiting = step.waiting().get(name);
				row.add((waiting != null) ? waited(waiting) : "-");
			}
			rows.add(row);
		}
		return rows;
	}

	/** "3.7 (1.5 ms)": threads waiting, and each one's wait per turn when any ran. */
	private static String waited(OverloadStep.Waiting waiting) {
		String threads = String.format(Locale.ROOT, "%.1f", waiting.threads());
		return Double.isNaN(waiting.perTurnMs()) ? threads : threads + " (" + KneePage.ms(waiting.perTurnMs()) + ")";
	}

	/**
	 * Where the 503s came from: with an edge limit, nginx's are those not the
	 * admission's.
	 */
	static String edge(OverloadResult result) {
		String refusals = " (its refusals: the 503s not counted by the admission)";
		if (result.edgeLimit() > 0) {
			return ", nginx's edge limit " + result.edgeLimit() + " in progress" + refusals;
		}
		return (result.edgeRate() > 0) ? ", nginx's edge rate " + result.edgeRate() + "/s" + refusals : "";
	}

	private static String refusals(OverloadStep step) {
		String refused = Long.toString(step.refused());
		return (step.admissionRefused() >= 0) ? refused + " (" + step.admissionRefused() + " admission)" : refused;
	}

	private static String errors(OverloadStep step) {
		if (step.errors().isEmpty()) {
			return "none";
		}
		return step.errors()
			.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.map((e) -> e.getKey() + " × " + e.getValue())
			.collect(Collectors.joining(", "));
	}

	private static String breakers(OverloadStep step) {
		String open = step.breakers().stream().filter((b) -> !b.endsWith(": closed")).collect(Collectors.joining(", "));
		String states = step.breakers().isEmpty() ? "-" : open.isEmpty() ? "closed" : open;
		return (step.breakerChanges() > 0) ? states + ", " + step.breakerChanges() + " changes" : states;
	}

	static String recovery(OverloadResult result) {
		Recovery recovery = result.recovery();
		String head = String.format(Locale.ROOT, "back at %s/s: %d of %d requests failed",
				KneePage.rate(recovery.offered()), recovery.failed(), recovery.requests());
		if (recovery.failed() == 0) {
			return head + ", every one answered 2xx from the drop";
		}
		return head + (recovery.recovered()
				? String.format(Locale.ROOT, "; the last sent %.1f s after the drop", recovery.seconds())
				: String.format(Locale.ROOT,
						"; still failing within %.0f s of the window's end: not recovered in %.0f s", Recovery.QUIET,
						recovery.windowSeconds()));
	}

	static String html(OverloadReport report) {
		List<SvgChart.Series> goodput = new ArrayList<>();
		List<SvgChart.Series> latency = new ArrayList<>();
		for (OverloadResult result : report.results()) {
			String color = ModeColors.of(result.mode());
			double cap = P99_CAP * result.kneeP99Ms();
			goodput.add(new SvgChart.Series(result.mode() + " OK/s ÷ knee", color,
					result.steps()
						.stream()
						.map((s) -> new SvgChart.Point(s.multiple(), s.goodputPctOf(result.kneeRate())))
						.toList(),
					false, true));
			latency.add(new SvgChart.Series(result.mode() + " admitted p99 ÷ knee p99", color, result.steps()
				.stream()
				.map((s) -> new SvgChart.Point(s.multiple(), Math.min(s.admittedP99Ms(), cap) / result.kneeP99Ms()))
				.toList(), false, true));
		}
		double highest = report.results()
			.stream()
			.flatMap((r) -> r.steps().stream())
			.mapToDouble(OverloadStep::multiple)
			.max()
			.orElse(1);
		goodput.add(new SvgChart.Series("90 % of the knee", "#999999",
				List.of(new SvgChart.Point(1, 90), new SvgChart.Point(highest, 90)), true, false));
		latency.add(new SvgChart.Series("2× the knee's p99", "#999999",
				List.of(new SvgChart.Point(1, 2), new SvgChart.Point(highest, 2)), true, false));
		return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Overload</title><style>"
				+ ReportPage.CSS + "</style></head><body>\n<h1>Past the knee</h1>\n<p>"
				+ SvgChart.escape(String.format(Locale.ROOT,
						"Each mode's knee rate times each multiple, held one after another on the same warm gateway "
								+ "(%d s to settle, then a %d s window), then %.1f× the knee. Every request is "
								+ "judged once answered or failed; goodput is the 2xx answered within %.0f ms. A p99 "
								+ "above %.0f× the knee's is drawn at it.",
						report.settleSeconds(), report.windowSeconds(), report.recoveryMultiple(), report.deadlineMs(),
						P99_CAP))
				+ "</p>\n<pre>" + SvgChart.escape(table(report)) + "</pre>\n"
				+ SvgChart.line("2xx answers a second as % of the knee", "multiple of the knee", "OK/s ÷ knee, %",
						goodput, null, List.of())
				+ "\n" + SvgChart.line("The admitted requests' p99 over the knee's", "multiple of the knee",
						"p99 ÷ knee p99", latency, null, List.of())
				+ "\n</body></html>\n";
	}

	private static String capitalized(String text) {
		return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
	}

}
