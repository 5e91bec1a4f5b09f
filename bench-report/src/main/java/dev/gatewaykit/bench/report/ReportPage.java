package dev.gatewaykit.bench.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.flip.FlipSummary;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;
import dev.gatewaykit.bench.analysis.summary.Headline;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.TimeSeries;

/**
 * {@code report.html}: the modes of one run side by side. Self-contained (inline CSS,
 * inline SVG, no script), so it renders offline and can be archived as one file next to
 * {@code summary.json}.
 */
public final class ReportPage {

	public static final String CSS = """
			body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px 32px; color: #222; }
			h1 { font-size: 22px; margin: 0 0 4px; }
			h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
			.meta { color: #555; margin: 0 0 12px; }
			.headline { font-size: 18px; background: #f3f8f3; border-left: 4px solid #2ca02c; padding: 8px 12px; }
			.warning { background: #fff6e5; border-left: 4px solid #ff7f0e; padding: 6px 12px; margin: 6px 0; }
			table { border-collapse: collapse; margin: 8px 0; }
			th, td { padding: 4px 10px; border-bottom: 1px solid #e4e4e4; text-align: right; white-space: nowrap; }
			th { background: #f6f6f6; }
			td:first-child, th:first-child, td.text, th.text, table.details th { text-align: left; }
			td.invalid { color: #b00020; font-weight: 600; }
			.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 2px; }
			.charts { display: flex; flex-wrap: wrap; gap: 16px; }
			svg.chart { background: #fff; border: 1px solid #e4e4e4; }
			svg .title { font-size: 14px; font-weight: 600; }
			svg .legend, svg .tick, svg .ytick, svg .label, svg .note, svg .value { font-size: 11px; fill: #333; }
			svg .tick, svg .value { text-anchor: middle; }
			svg .ytick { text-anchor: end; }
			svg .label { text-anchor: middle; fill: #555; }
			svg .note { fill: #777; }
			svg .grid { stroke: #eee; }
			svg .axis { stroke: #999; }
			svg .marker-label { font-size: 11px; font-weight: 600; }
			h3 { font-size: 15px; margin: 20px 0 6px; }
			code { font-size: 12px; background: #f6f6f6; padding: 0 3px; }
			pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 12px; }
			""";

	/** The switch's marker: dark, so it reads over any mode's colour. */
	static final String FLIP_COLOR = "#333333";

	static final String FLIP_FAILED_COLOR = "#b00020";

	private ReportPage() {
	}

	/**
	 * @param summary the run
	 * @param series each mode's per-second figures by mode name (missing modes get no
	 * line)
	 * @param gatlingReports each mode's Gatling report, relative to the run directory, by
	 * mode name
	 */
	public static String render(RunSummary summary, Map<String, TimeSeries> series,
			Map<String, String> gatlingReports) {
		List<ModeSummary> all = new ArrayList<>(summary.modes());
		if (summary.ceiling() != null) {
			all.add(summary.ceiling());
		}
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
			.append("<title>")
			.append(escape(title(summary)))
			.append("</title>")
			.append("<style>")
			.append(CSS)
			.append("</style></head><body>\n");
		html.append("<h1>").append(escape(title(summary))).append("</h1>\n");
		html.append("<p class=\"meta\">")
			.append(escape(machineLine(summary)))
			.append("<br>")
			.append(escape(versionLine(summary)))
			.append("</p>\n");
		html.append("<p class=\"headline\">").append(escape(headlineText(summary))).append("</p>\n");
		for (String warning : summary.warnings()) {
			html.append("<p class=\"warning\">").append(escape(warning)).append("</p>\n");
		}
		html.append("<h2>Summary</h2>\n").append(table(summary.modes(), summary.ceiling(), summary.flip()));
		html.append(RepeatsTable.html(summary.samples()));
		html.append("<p class=\"meta\">TPS = OK responses per second in the measured window (warm-up and login ")
			.append("excluded). Latency in ms, of OK responses. A mode with more than 1 % errors is INVALID: its ")
			.append("throughput is not quoted. The bound is the lowest of Little's law (threads ÷ the time each ")
			.append("request holds one; users ÷ the time each waits) and the utilization law (cores ÷ the CPU every ")
			.append("process on them spends per request); of bound = measured ÷ bound.</p>\n");
		if (summary.flip() != null) {
			html.append(flipNote(summary.flip()));
		}
		// After the summary's own explanation, which its table needs beside it.
		html.append(ScalingSection.html(summary.scaling()));

		List<SvgChart.Marker> markers = markers(summary.flip());
		html.append("<h2>Throughput and latency over time</h2>\n");
		if (summary.ceiling() != null) {
			// On one axis with the ceiling (thousands of TPS) the gateway lines, and a
			// flip's jump, lie flat.
			html.append("<p class=\"meta\">Gateway modes only: the ceiling run is in the table and has its own ")
				.append("chart below.</p>\n");
		}
		html.append("<div class=\"charts\">\n");
		html.append(tpsChart(summary.modes(), series, markers)).append('\n');
		html.append(p99Chart(summary.modes(), series, markers)).append('\n');
		html.append(predictionChart(summary.modes(), summary.flip())).append('\n');
		html.append("</div>\n");

		Map<String, StarvationAnalysis> starvation = new LinkedHashMap<>();
		for (ModeSummary mode : summary.modes()) {
			if (mode.starvation() != null) {
				starvation.put(mode.mode(), mode.starvation());
			}
		}
		if (!starvation.isEmpty()) {
			html.append(StarvationSection.render(starvation));
		}

		html.append(DiagnosticsSection.render(summary.modes(), summary.ceiling(), summary::directory));

		html.append("<h2>Latency percentiles per mode</h2>\n<div class=\"charts\">\n");
		for (ModeSummary mode : all) {
			boolean switched = summary.flip() != null && summary.flip().mode().equals(mode.mode());
			html.append(percentileChart(mode, series.get(mode.mode()), switched ? markers : List.of())).append('\n');
		}
		html.append("</div>\n");

		html.append("<h2>Details</h2>\n").append(details(all, gatlingReports));
		html.append("<h2>Parameters</h2>\n<pre>")
			.append(escape((summary.params() != null) ? BenchJson.write(summary.params()) : "no params.json"))
			.append("</pre>\n");
		html.append("</body></html>\n");
		return html.toString();
	}

	/**
	 * fixed/naive beside the original incident when the run has both; otherwise whatever
	 * ratio it has.
	 */
	static String headlineText(RunSummary summary) {
		Headline headline = summary.headline();
		if (headline != null && (headline.ratio() != null || summary.ratioText() == null)) {
			return headline.text();
		}
		return (summary.ratioText() != null) ? summary.ratioText() : "no ratio: no valid pair of modes";
	}

	static String table(List<ModeSummary> modes, ModeSummary ceiling, FlipSummary flip) {
		StringBuilder html = new StringBuilder("<table class=\"summary\">\n<tr>");
		List<String> headers = SummaryTable.HEADER;
		for (int c = 0; c < headers.size(); c++) {
			boolean text = c == 1 || c == headers.size() - 1;
			html.append(text ? "<th class=\"text\">" : "<th>").append(escape(headers.get(c))).append("</th>");
		}
		html.append("</tr>\n");
		for (SummaryTable.Row row : SummaryTable.body(modes, ceiling, flip)) {
			List<String> cells = row.cells();
			html.append("<tr>");
			for (int c = 0; c < cells.size(); c++) {
				String cssClass = (c == 2 && !row.valid()) ? " class=\"invalid\""
						: (c == cells.size() - 1 || c == 1) ? " class=\"text\"" : "";
				html.append("<td").append(cssClass).append('>');
				if (c == 0) {
					html.append("<span class=\"swatch\" style=\"background:")
						.append(ModeColors.of(row.mode()))
						.append("\"></span>");
				}
				html.append(escape(cells.get(c))).append("</td>");
			}
			html.append("</tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	/**
	 * The switch as a vertical line at the moment it was confirmed, over a band of the
	 * seconds left out of the before/after figures; dashed at the moment it was requested
	 * when it was never confirmed.
	 */
	static List<SvgChart.Marker> markers(FlipSummary flip) {
		if (flip == null || flip.requestedAtSeconds() == null) {
			return List.of();
		}
		if (!flip.confirmed()) {
			return List
				.of(new SvgChart.Marker(flip.requestedAtSeconds(), flip.label(), FLIP_FAILED_COLOR, true, null, null));
		}
		return List.of(new SvgChart.Marker(flip.confirmedAtSeconds(), flip.label(), FLIP_COLOR, false,
				(double) flip.excludedFromSecond(), (double) flip.excludedToSecond()));
	}

	/** What the switch was, when it happened, and which seconds each side is made of. */
	static String flipNote(FlipSummary flip) {
		StringBuilder html = new StringBuilder("<p class=\"").append(flip.confirmed() ? "meta" : "warning")
			.append("\">")
			.append(escape(SummaryTable.flipLine(flip)))
			.append(". ");
		if (flip.confirmed()) {
			html.append("Before = the whole seconds before the switch was requested; after = the whole seconds ")
				.append(escape(flip.afterRule()))
				.append(", to the end of the window, so requests sent before the ")
				.append("switch do not count as the new mode's. The left-out seconds are shaded. Latencies are ")
				.append("merged from per-second histograms.");
			if (flip.requestedAtEpochMs() != null && flip.confirmedAtEpochMs() != null) {
				html.append(" Requested at epoch ms ")
					.append(flip.requestedAtEpochMs())
					.append(", confirmed ")
					.append(flip.confirmedAtEpochMs() - flip.requestedAtEpochMs())
					.append(" ms later.");
			}
		}
		return html.append("</p>\n").toString();
	}

	private static String tpsChart(List<ModeSummary> modes, Map<String, TimeSeries> series,
			List<SvgChart.Marker> markers) {
		List<SvgChart.Series> lines = new ArrayList<>();
		boolean warmup = false;
		for (ModeSummary mode : modes) {
			TimeSeries ts = series.get(mode.mode());
			if (ts == null) {
				continue;
			}
			warmup |= ts.warmupSeconds() > 0;
			lines.add(SvgChart.Series.solid(mode.mode(), ModeColors.of(mode.mode()),
					points(ts, (second) -> (double) second.ok())));
		}
		return SvgChart.line("TPS over time (OK responses per second)", "seconds since the measured window opened",
				"TPS", lines, warmup ? 0.0 : null, markers);
	}

	private static String p99Chart(List<ModeSummary> modes, Map<String, TimeSeries> series,
			List<SvgChart.Marker> markers) {
		List<SvgChart.Series> lines = new ArrayList<>();
		for (ModeSummary mode : modes) {
			TimeSeries ts = series.get(mode.mode());
			if (ts != null) {
				lines.add(SvgChart.Series.solid(mode.mode(), ModeColors.of(mode.mode()),
						points(ts, (second) -> (second.latencyMs() != null) ? second.latencyMs().p99() : null)));
			}
		}
		return SvgChart.line("p99 latency over time", "seconds since the measured window opened", "ms", lines, 0.0,
				markers);
	}

	private static String predictionChart(List<ModeSummary> modes, FlipSummary flip) {
		List<String> names = new ArrayList<>();
		List<Double> measured = new ArrayList<>();
		List<Double> predicted = new ArrayList<>();
		for (ModeSummary mode : modes) {
			if (flip != null && flip.mode().equals(mode.mode())) {
				// Two modes in one window: each side of the switch against its own
				// prediction.
				for (FlipSummary.Side side : Arrays.asList(flip.before(), flip.after())) {
					if (side != null) {
						names.add(((side == flip.before()) ? "before: " : "after: ") + side.mode());
						measured.add(SummaryTable.validity(side).valid() ? side.tps() : null);
						predicted.add((side.prediction() != null) ? side.prediction().tps() : null);
					}
				}
				continue;
			}
			names.add(mode.mode());
			measured.add(mode.valid() ? mode.tps() : null);
			predicted.add((mode.prediction() != null) ? mode.prediction().tps() : null);
		}
		return SvgChart.bars("Measured TPS vs its bound", "TPS", names,
				List.of(new SvgChart.BarSeries("measured", "#1f77b4", measured),
						new SvgChart.BarSeries("bound", "#c7c7c7", predicted)));
	}

	private static String percentileChart(ModeSummary mode, TimeSeries ts, List<SvgChart.Marker> markers) {
		List<SvgChart.Series> lines = new ArrayList<>();
		if (ts != null) {
			lines.add(SvgChart.Series.solid("p50", "#2ca02c",
					points(ts, (s) -> (s.latencyMs() != null) ? s.latencyMs().p50() : null)));
			lines.add(SvgChart.Series.solid("p90", "#ff7f0e",
					points(ts, (s) -> (s.latencyMs() != null) ? s.latencyMs().p90() : null)));
			lines.add(SvgChart.Series.solid("p99", "#d62728",
					points(ts, (s) -> (s.latencyMs() != null) ? s.latencyMs().p99() : null)));
		}
		return SvgChart.line(mode.mode() + ": latency percentiles per second",
				"seconds since the measured window opened", "ms", lines, 0.0, markers);
	}

	private static List<SvgChart.Point> points(TimeSeries ts,
			java.util.function.Function<TimeSeries.Second, Double> value) {
		List<SvgChart.Point> points = new ArrayList<>();
		for (TimeSeries.Second second : ts.seconds()) {
			Double y = value.apply(second);
			// The tail (after the window) is the last in-flight requests draining: not
			// part of the picture.
			if (y != null && second.t() < ts.durationSeconds()) {
				points.add(new SvgChart.Point(second.t(), y));
			}
		}
		return points;
	}

	private static String details(List<ModeSummary> modes, Map<String, String> gatlingReports) {
		StringBuilder html = new StringBuilder(
				"<table class=\"details\">\n<tr><th>mode</th><th>Gatling report</th><th>gateway</th>")
			.append("<th>logins ok/ko</th><th>outcomes in window</th><th>TPS per second min/max/sd</th>")
			.append("<th>warm-up</th><th>held per request (measured)</th></tr>\n");
		for (ModeSummary mode : modes) {
			String link = gatlingReports.get(mode.mode());
			html.append("<tr><td>")
				.append(escape(mode.mode()))
				.append("</td><td class=\"text\">")
				.append((link != null) ? "<a href=\"" + escape(link) + "\">" + escape(link) + "</a>" : "-")
				.append("</td><td class=\"text\">")
				.append(escape(gatewayLine(mode)))
				.append("</td><td>")
				.append((mode.login() != null) ? mode.login().ok() + " / " + mode.login().ko() : "-")
				.append("</td><td class=\"text\">")
				.append(escape(String.valueOf(mode.outcomes())))
				.append("</td><td>")
				.append(escape(spread(mode)))
				.append("</td><td class=\"text\">")
				.append(escape(SummaryTable.warmup(mode)))
				.append("</td><td class=\"text\">")
				.append(escape((mode.prediction() != null && mode.prediction().holdTime() != null)
						? mode.prediction().holdTime().describe() : "-"))
				.append("</td></tr>\n");
		}
		return html.append("</table>\n").toString();
	}

	private static String gatewayLine(ModeSummary mode) {
		if (mode.gateway() == null) {
			return "-";
		}
		String profile = (mode.gateway().profile() != null) ? " / " + mode.gateway().profile() : "";
		return mode.gateway().mode() + profile + ": " + mode.gateway().eventLoopThreads() + " loops, "
				+ mode.gateway().parallelThreads() + " parallel, " + mode.gateway().boundedElasticThreads()
				+ " elastic";
	}

	private static String spread(ModeSummary mode) {
		if (mode.tpsPerSecond() == null) {
			return "-";
		}
		return Numbers.trim(mode.tpsPerSecond().min(), 0) + " / " + Numbers.trim(mode.tpsPerSecond().max(), 0) + " / "
				+ Numbers.trim(mode.tpsPerSecond().stdDev(), 1);
	}

	/**
	 * What the run measured and when, "Gateway bench: naive, fixed, vanilla, ceiling —
	 * 2026-11-25 21:58 UTC": the folder's name says neither (and a folder named "run"
	 * made "run run").
	 */
	static String title(RunSummary summary) {
		List<String> measured = new ArrayList<>(summary.modes().stream().map(ModeSummary::mode).toList());
		if (summary.ceiling() != null) {
			measured.add("ceiling");
		}
		String when = summary.createdAt();
		try {
			when = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
				.withZone(ZoneOffset.UTC)
				.format(Instant.parse(summary.createdAt()));
		}
		catch (RuntimeException ex) {
			// An older or hand-made summary: show its timestamp as written.
		}
		String what = measured.isEmpty() ? "run " + summary.run() : String.join(", ", measured);
		return (when == null || when.isBlank()) ? "Gateway bench: " + what : "Gateway bench: " + what + " — " + when;
	}

	static String machineLine(RunSummary summary) {
		MachineFacts machine = summary.machine();
		if (machine == null) {
			return "machine unknown";
		}
		return machine.cpuCount() + " × " + machine.cpuModel() + ", " + machine.memoryMb() + " MiB, " + machine.os()
				+ "; written " + summary.createdAt();
	}

	static String versionLine(RunSummary summary) {
		List<String> parts = new ArrayList<>();
		summary.versions().forEach((name, version) -> parts.add(name + " " + version));
		return String.join(", ", parts);
	}

	static String escape(String text) {
		return SvgChart.escape(text);
	}

}
