package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.knee.KneeReport;
import dev.gatewaykit.bench.analysis.knee.KneeResult;
import dev.gatewaykit.bench.analysis.knee.KneeStep;
import dev.gatewaykit.bench.model.BenchJson;

/**
 * A knee run's files: {@code knee.json} and {@code knee.html} (p99 and goodput against
 * the offered rate, per mode, the criteria drawn in), and its terminal table.
 */
public final class KneePage {

	public static final String PAGE = "knee.html";

	/** p99s above this many times the target are drawn at it. */
	static final double P99_CAP = 3;

	private KneePage() {
	}

	/** Writes the run's files into {@code dir}. */
	public static void write(KneeReport report, Path dir) {
		writeFiles(dir, KneeReport.FILE, report, PAGE, html(report));
	}

	/** A knee run's JSON file and its page, into {@code dir}. */
	static void writeFiles(Path dir, String jsonFile, Object value, String page, String html) {
		try {
			Files.createDirectories(dir);
			BenchJson.write(dir.resolve(jsonFile), value);
			Files.writeString(dir.resolve(page), html, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + jsonFile + " and " + page + " into " + dir, ex);
		}
	}

	/** The terminal's answer: a row per mode, then each mode's steps. */
	public static String table(KneeReport report) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("mode", "knee", "per core", "p99 there", "OK/s there", "steps", "how it ended"));
		for (KneeResult result : report.results()) {
			rows.add(List.of(result.mode(), rate(result.kneeRate()) + "/s", rate(result.perCore()) + "/s",
					result.kneeStep().map((s) -> ms(s.p99Ms())).orElse("-"),
					result.kneeStep().map((s) -> rate(s.okPerSecond())).orElse("-"),
					Integer.toString(result.steps().size()), result.ended()));
		}
		StringBuilder text = new StringBuilder(
				String.format(Locale.ROOT, "knee: the highest open-model rate with %s, on %d cores, %s%s%n",
						report.criteria().describe(), report.cores(), report.cpus(),
						report.edge().isEmpty() ? "" : ", behind nginx's edge limit of " + report.edge()));
		text.append(TextTable.render(rows));
		for (KneeResult result : report.results()) {
			text.append(String.format(Locale.ROOT, "%n%s, its steps by rate:%n", result.mode()));
			text.append(TextTable.render(stepRows(result.curve())));
		}
		return text.toString();
	}

	static List<List<String>> stepRows(List<KneeStep> steps) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("offered", "OK/s", "p50", "p99", "errors", "cores busy", "gateway µs/req", "load µs/req",
				"call"));
		for (KneeStep step : steps) {
			rows.add(List.of(rate(step.offered()) + "/s", rate(step.okPerSecond()), ms(step.p50Ms()),
					(step.givenUp() ? "≥ " : "") + ms(step.p99Ms()),
					String.format(Locale.ROOT, "%.2f %%", step.errorPct()), step.busy(), step.cpu().gateway(),
					step.cpu().load(), step.call()));
		}
		return rows;
	}

	static String html(KneeReport report) {
		List<SvgChart.Series> latency = new ArrayList<>();
		List<SvgChart.Series> goodput = new ArrayList<>();
		List<SvgChart.Marker> knees = new ArrayList<>();
		// A collapsed step's p99 (seconds) would flatten every other point to the axis.
		double cap = P99_CAP * report.criteria().maxP99Ms();
		for (KneeResult result : report.results()) {
			String color = ModeColors.of(result.mode());
			List<KneeStep> curve = result.curve();
			latency.add(new SvgChart.Series(result.mode() + " p99", color,
					curve.stream().map((s) -> new SvgChart.Point(s.offered(), Math.min(s.p99Ms(), cap))).toList(),
					false, true));
			goodput.add(new SvgChart.Series(result.mode() + " OK/s", color,
					curve.stream().map((s) -> new SvgChart.Point(s.offered(), s.okPerSecond())).toList(), false, true));
			if (result.kneeRate() > 0) {
				knees.add(new SvgChart.Marker(result.kneeRate(), result.mode() + " knee " + rate(result.kneeRate()),
						color, false, null, null));
			}
		}
		double offered = report.results()
			.stream()
			.flatMap((r) -> r.steps().stream())
			.mapToDouble(KneeStep::offered)
			.max()
			.orElse(1);
		goodput.add(new SvgChart.Series("offered", "#999999",
				List.of(new SvgChart.Point(0, 0), new SvgChart.Point(offered, offered)), true, false));
		latency.add(new SvgChart.Series("p99 target", "#999999",
				List.of(new SvgChart.Point(0, report.criteria().maxP99Ms()),
						new SvgChart.Point(offered, report.criteria().maxP99Ms())),
				true, false));
		return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Knee</title><style>"
				+ ReportPage.CSS + "</style></head><body>\n<h1>The knee of each mode</h1>\n<p>"
				+ SvgChart.escape(String.format(Locale.ROOT,
						"The highest open-model rate each mode sustained with %s. Each step: the rate ramped over %d s, "
								+ "held %d s, then a %d s window; a step whose requests fell behind is given up at once "
								+ "(its p99 a lower bound). Links: Redis +%d ms, auth-service +%d ms a round trip.",
						report.criteria().describe(), report.rampSeconds(), report.settleSeconds(),
						report.windowSeconds(), report.redisLatencyMs(), report.authLatencyMs()))
				+ " A p99 above " + rate(cap) + " ms is drawn at " + rate(cap) + " ms.</p>\n<pre>"
				+ SvgChart.escape(table(report)) + "</pre>\n"
				+ SvgChart.line("p99 against the offered rate", "offered requests/s", "p99 ms", latency, null, knees)
				+ "\n" + SvgChart.line("2xx answers a second against the offered rate", "offered requests/s", "OK/s",
						goodput, null, knees)
				+ "\n</body></html>\n";
	}

	static String rate(double value) {
		return String.format(Locale.ROOT, "%.0f", value);
	}

	/** Milliseconds as the tables show them; {@code "-"} for NaN (unknown). */
	static String ms(double value) {
		if (Double.isNaN(value)) {
			return "-";
		}
		return String.format(Locale.ROOT, (value < 10) ? "%.1f ms" : "%.0f ms", value);
	}

}
