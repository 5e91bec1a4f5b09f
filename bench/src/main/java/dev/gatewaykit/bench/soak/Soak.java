package dev.gatewaykit.bench.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.measure.TimeSeries;
import dev.gatewaykit.bench.report.ReportPage;
import dev.gatewaykit.bench.report.SvgChart;
import dev.gatewaykit.bench.report.TextTable;
import dev.gatewaykit.launcher.BenchJson;

/**
 * One soak's record ({@code soak.json}) and its views: the terminal table and
 * {@code soak.html}.
 *
 * @param schema format version of this file
 * @param rate the open model's arrival rate, requests/s
 * @param rateSource where the rate came from
 * @param durationSeconds how long the load ran
 * @param gatewayJvmOptions the options the soak added to the gateway's JVM (the leak
 * detector's)
 * @param tolerances how far above the baseline each resource may end
 * @param baseline the GC'd snapshot after the warm-up, before the load
 * @param during the samples taken while the load ran
 * @param after the GC'd snapshot after the load stopped and the gateway settled
 * @param windowStartEpochMs when the load's measured window opened, the charts' zero
 * @param requests per second of the load: completions and failures
 * @param setupFailures failed requests before the load (the warm-up and the logins),
 * reported but not judged
 * @param leaks the gateway's {@code LEAK:} reports
 * @param verdict each target and whether it was met
 */
public record Soak(int schema, double rate, String rateSource, int durationSeconds, List<String> gatewayJvmOptions,
		Tolerances tolerances, Snapshot baseline, List<Snapshot> during, Snapshot after, long windowStartEpochMs,
		List<TimeSeries.Second> requests, long setupFailures, LeakReports leaks, SoakVerdict verdict) {

	public static final int SCHEMA = 1;

	public static final String FILE = "soak.json";

	public static final String PAGE = "soak.html";

	private static final double MIB = 1024 * 1024;

	public Soak {
		gatewayJvmOptions = List.copyOf(gatewayJvmOptions);
		during = List.copyOf(during);
		requests = List.copyOf(requests);
	}

	/** Whether every target was met. */
	public boolean passed() {
		return this.verdict.passed();
	}

	/** metric, baseline, max during, after, limit, verdict. */
	public String table() {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("metric", "baseline", "max during", "after", "limit", "verdict"));
		for (SoakVerdict.Check check : this.verdict.checks()) {
			rows.add(List.of(check.metric(), format(check.baseline(), check.unit()),
					format(check.maxDuring(), check.unit()), format(check.after(), check.unit()),
					format(check.limit(), check.unit()), check.passed() ? "ok" : "MISSED"));
		}
		return TextTable.render(rows);
	}

	public void write(Path dir) throws IOException {
		BenchJson.write(dir.resolve(FILE), this);
		Files.writeString(dir.resolve(PAGE), html(), StandardCharsets.UTF_8);
	}

	/** {@code soak.html}: the verdict table and a chart per resource over time. */
	public String html() {
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Soak</title><style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>Soak: ")
			.append(passed() ? "passed" : "FAILED")
			.append("</h1>\n<p>")
			.append(SvgChart.escape(String.format("%.1f requests/s (%s) for %d s, the gateway's JVM with %s. ",
					this.rate, this.rateSource, this.durationSeconds, String.join(" ", this.gatewayJvmOptions))))
			.append("The baseline and the after value are taken after a forced full GC (jcmd GC.run); during the ")
			.append("load, heap after GC is the JVM's live data after its last major collection. The grey line ")
			.append("is the baseline, the red one the limit the after value must stay under (docs/soak.md). ")
			.append("Before the load (warm-up and logins) ")
			.append(this.setupFailures)
			.append(" requests failed (reported, not judged).</p>\n")
			.append("<pre>")
			.append(SvgChart.escape(table()))
			.append("</pre>\n");
		if (this.leaks.count() > 0) {
			html.append("<h2>LEAK: reports</h2>\n<pre>")
				.append(SvgChart.escape(String.join("\n", this.leaks.first())))
				.append("</pre>\n");
		}
		html.append("<div class=\"charts\">\n");
		html.append(resourceChart("heap after GC", "MiB", Snapshot::heapAfterGcBytes, MIB, "heap after GC"));
		html.append(resourceChart("direct memory", "MiB", (s) -> s.directBytes(), MIB, "direct memory",
				Snapshot::nettyDirectBytes));
		html.append(resourceChart("open file descriptors", "count", (s) -> (long) s.openFiles(), 1, "open files"));
		html.append(resourceChart("threads", "count", (s) -> (long) s.threads(), 1, "threads"));
		html.append(SvgChart.line("throughput and failures per second", "s since the load's window opened",
				"requests/s",
				List.of(SvgChart.Series.solid("OK", "#1f77b4",
						this.requests.stream().map((s) -> new SvgChart.Point(s.t(), s.ok())).toList()),
						SvgChart.Series.solid("failed", "#d62728",
								this.requests.stream().map((s) -> new SvgChart.Point(s.t(), s.ko())).toList())),
				null));
		return html.append("</div>\n</body></html>\n").toString();
	}

	/**
	 * A resource over the load: the samples, then the after snapshot at the end, with the
	 * baseline and the limit as horizontal lines.
	 */
	private String resourceChart(String title, String unit, Function<Snapshot, @Nullable Long> value, double scale,
			String metric) {
		return resourceChart(title, unit, value, scale, metric, null);
	}

	/**
	 * Likewise, with a second measure of the same resource ({@code null}: none), drawn
	 * when the snapshots have it.
	 */
	private String resourceChart(String title, String unit, Function<Snapshot, @Nullable Long> value, double scale,
			String metric, @Nullable Function<Snapshot, @Nullable Long> second) {
		List<SvgChart.Point> points = points(value, scale);
		if (points.isEmpty()) {
			return "";
		}
		double start = Math.min(0, points.get(0).x());
		double end = points.get(points.size() - 1).x();
		List<SvgChart.Series> series = new ArrayList<>();
		series.add(SvgChart.Series.solid(title, "#1f77b4", points));
		if (second != null) {
			List<SvgChart.Point> secondPoints = points(second, scale);
			if (!secondPoints.isEmpty()) {
				series.add(SvgChart.Series.solid("Reactor Netty's allocators", "#2ca02c", secondPoints));
			}
		}
		this.verdict.checks().stream().filter((check) -> check.metric().equals(metric)).findFirst().ifPresent((c) -> {
			if (c.baseline() != null) {
				series.add(flat("baseline", "#7f7f7f", start, end, c.baseline() / scale));
			}
			series.add(flat("limit", "#d62728", start, end, c.limit() / scale));
		});
		return SvgChart.line(title, "s since the load's window opened (its logins before 0)", unit, series, null);
	}

	/** The samples during the load, then the after snapshot. */
	private List<SvgChart.Point> points(Function<Snapshot, @Nullable Long> value, double scale) {
		List<SvgChart.Point> points = new ArrayList<>();
		for (Snapshot snapshot : this.during) {
			Long v = value.apply(snapshot);
			if (v != null) {
				points.add(new SvgChart.Point(seconds(snapshot), v / scale));
			}
		}
		Long after = value.apply(this.after);
		if (after != null) {
			points.add(new SvgChart.Point(seconds(this.after), after / scale));
		}
		return points;
	}

	private static SvgChart.Series flat(String name, String color, double from, double to, double y) {
		return new SvgChart.Series(name, color, List.of(new SvgChart.Point(from, y), new SvgChart.Point(to, y)), true,
				false);
	}

	private double seconds(Snapshot snapshot) {
		return (snapshot.epochMs() - this.windowStartEpochMs) / 1000.0;
	}

	private static String format(@Nullable Long value, String unit) {
		if (value == null) {
			return "–";
		}
		return unit.equals("bytes") ? String.format("%.1f MiB", value / MIB) : Long.toString(value);
	}

}
