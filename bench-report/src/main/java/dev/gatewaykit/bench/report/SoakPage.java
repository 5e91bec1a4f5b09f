package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.soak.Snapshot;
import dev.gatewaykit.bench.analysis.soak.Soak;
import dev.gatewaykit.bench.model.BenchJson;

/** A soak's page, {@code soak.html}, beside its {@code soak.json}. */
public final class SoakPage {

	public static final String PAGE = "soak.html";

	private static final double MIB = 1024 * 1024;

	private SoakPage() {
	}

	/** Writes {@code soak.json} and {@code soak.html} into {@code dir}. */
	public static void write(Soak soak, Path dir) throws IOException {
		BenchJson.write(dir.resolve(Soak.FILE), soak);
		Files.writeString(dir.resolve(PAGE), html(soak), StandardCharsets.UTF_8);
	}

	/** {@code soak.html}: the verdict table and a chart per resource over time. */
	public static String html(Soak soak) {
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Soak</title><style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>Soak: ")
			.append(soak.passed() ? "passed" : "FAILED")
			.append("</h1>\n<p>")
			.append(SvgChart
				.escape(String.format("%.1f requests/s (%s) for %d s, the gateway's JVM with %s. ", soak.rate(),
						soak.rateSource(), soak.durationSeconds(), String.join(" ", soak.gatewayJvmOptions()))))
			.append("The baseline and the after value are taken after a forced full GC (jcmd GC.run); during the ")
			.append("load, heap after GC is the JVM's live data after its last major collection. The grey line ")
			.append("is the baseline, the red one the limit the after value must stay under (docs/soak.md). ")
			.append("Before the load (warm-up and logins) ")
			.append(soak.setupFailures())
			.append(" requests failed (reported, not judged).</p>\n")
			.append("<pre>")
			.append(SvgChart.escape(soak.table()))
			.append("</pre>\n");
		if (soak.leaks().count() > 0) {
			html.append("<h2>LEAK: reports</h2>\n<pre>")
				.append(SvgChart.escape(String.join("\n", soak.leaks().first())))
				.append("</pre>\n");
		}
		html.append("<div class=\"charts\">\n");
		html.append(resourceChart(soak, "heap after GC", "MiB", Snapshot::heapAfterGcBytes, MIB, "heap after GC"));
		html.append(resourceChart(soak, "direct memory", "MiB", (s) -> s.directBytes(), MIB, "direct memory",
				Snapshot::nettyDirectBytes));
		html.append(
				resourceChart(soak, "open file descriptors", "count", (s) -> (long) s.openFiles(), 1, "open files"));
		html.append(resourceChart(soak, "threads", "count", (s) -> (long) s.threads(), 1, "threads"));
		html.append(SvgChart.line("throughput and failures per second", "s since the load's window opened",
				"requests/s",
				List.of(SvgChart.Series.solid("OK", "#1f77b4",
						soak.requests().stream().map((s) -> new SvgChart.Point(s.t(), s.ok())).toList()),
						SvgChart.Series.solid("failed", "#d62728",
								soak.requests().stream().map((s) -> new SvgChart.Point(s.t(), s.ko())).toList())),
				null));
		return html.append("</div>\n</body></html>\n").toString();
	}

	/**
	 * A resource over the load: the samples, then the after snapshot at the end, with the
	 * baseline and the limit as horizontal lines.
	 */
	private static String resourceChart(Soak soak, String title, String unit, Function<Snapshot, @Nullable Long> value,
			double scale, String metric) {
		return resourceChart(soak, title, unit, value, scale, metric, null);
	}

	/**
	 * Likewise, with a second measure of the same resource ({@code null}: none), drawn
	 * when the snapshots have it.
	 */
	private static String resourceChart(Soak soak, String title, String unit, Function<Snapshot, @Nullable Long> value,
			double scale, String metric, @Nullable Function<Snapshot, @Nullable Long> second) {
		List<SvgChart.Point> points = points(soak, value, scale);
		if (points.isEmpty()) {
			return "";
		}
		double start = Math.min(0, points.get(0).x());
		double end = points.get(points.size() - 1).x();
		List<SvgChart.Series> series = new ArrayList<>();
		series.add(SvgChart.Series.solid(title, "#1f77b4", points));
		if (second != null) {
			List<SvgChart.Point> secondPoints = points(soak, second, scale);
			if (!secondPoints.isEmpty()) {
				series.add(SvgChart.Series.solid("Reactor Netty's allocators", "#2ca02c", secondPoints));
			}
		}
		soak.verdict().checks().stream().filter((check) -> check.metric().equals(metric)).findFirst().ifPresent((c) -> {
			if (c.baseline() != null) {
				series.add(flat("baseline", "#7f7f7f", start, end, c.baseline() / scale));
			}
			series.add(flat("limit", "#d62728", start, end, c.limit() / scale));
		});
		return SvgChart.line(title, "s since the load's window opened (its logins before 0)", unit, series, null);
	}

	/** The samples during the load, then the after snapshot. */
	private static List<SvgChart.Point> points(Soak soak, Function<Snapshot, @Nullable Long> value, double scale) {
		List<SvgChart.Point> points = new ArrayList<>();
		for (Snapshot snapshot : soak.during()) {
			Long v = value.apply(snapshot);
			if (v != null) {
				points.add(new SvgChart.Point(seconds(soak, snapshot), v / scale));
			}
		}
		Long after = value.apply(soak.after());
		if (after != null) {
			points.add(new SvgChart.Point(seconds(soak, soak.after()), after / scale));
		}
		return points;
	}

	private static SvgChart.Series flat(String name, String color, double from, double to, double y) {
		return new SvgChart.Series(name, color, List.of(new SvgChart.Point(from, y), new SvgChart.Point(to, y)), true,
				false);
	}

	private static double seconds(Soak soak, Snapshot snapshot) {
		return (snapshot.epochMs() - soak.windowStartEpochMs()) / 1000.0;
	}

}
