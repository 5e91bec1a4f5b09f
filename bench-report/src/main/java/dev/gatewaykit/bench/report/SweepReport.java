package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.LittlesLaw;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.SummarizedCase;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * A latency sweep: each mode run at several auth-link latencies
 * ({@code RUN/<mode>@<latency>ms/}), its TPS plotted against the latency next to
 * Little's-law curve for that mode. A blocking mode follows {@code loops / latency} down;
 * bounded-elastic follows {@code pool / latency}; reactive stays flat until the offered
 * load bounds it.
 *
 * @param schema format version of {@code sweep.json}
 * @param run the run directory's name
 * @param modes one sweep per mode, in report order
 */
public record SweepReport(int schema, String run, List<ModeSweep> modes) {

	public static final int SCHEMA = 1;

	/** Points on each prediction curve between 0 and the largest latency swept. */
	private static final int CURVE_STEPS = 60;

	/**
	 * One measured point.
	 *
	 * @param authLatencyMs the auth link's added latency
	 * @param tps the achieved TPS, {@code null} when the run is invalid
	 * @param valid whether the run is valid
	 * @param errorPct the run's error percentage
	 * @param p99Ms the run's p99
	 * @param predictedTps Little's law at this latency
	 * @param formula its arithmetic
	 */
	public record SweepPoint(double authLatencyMs, Double tps, boolean valid, double errorPct, double p99Ms,
			Double predictedTps, String formula) {
	}

	/** One point of a prediction curve. */
	public record CurvePoint(double authLatencyMs, double tps) {
	}

	/**
	 * One mode across latencies.
	 *
	 * @param mode the mode name
	 * @param executionMode its execution mode
	 * @param points the measured points, by latency
	 * @param prediction Little's law as a curve over the swept range
	 */
	public record ModeSweep(String mode, ExecutionMode executionMode, List<SweepPoint> points,
			List<CurvePoint> prediction) {
	}

	public static SweepReport load(Path run) throws IOException {
		if (!Files.isDirectory(run)) {
			throw new BadInputException("run directory not found: " + run);
		}
		Map<String, TreeMap<Double, ModeSummary>> byMode = new TreeMap<>(
				Comparator.comparingInt(Summarizer::order).thenComparing(Comparator.naturalOrder()));
		for (SummarizedCase point : SummarizedCase.in(run, CaseFacts.Kind.SWEEP_POINT)) {
			byMode.computeIfAbsent(point.facts().mode(), (key) -> new TreeMap<>())
				.put(point.facts().links().authMs(), point.summary());
		}
		if (byMode.isEmpty()) {
			throw new BadInputException("no <mode>@<latency>ms/" + ModeSummary.FILE + " under " + run);
		}
		List<ModeSweep> modes = new ArrayList<>();
		byMode.forEach((mode, points) -> modes.add(sweep(mode, points)));
		return new SweepReport(SCHEMA, run.toAbsolutePath().normalize().getFileName().toString(), modes);
	}

	static ModeSweep sweep(String mode, TreeMap<Double, ModeSummary> runs) {
		List<SweepPoint> points = new ArrayList<>();
		for (Map.Entry<Double, ModeSummary> entry : runs.entrySet()) {
			ModeSummary run = entry.getValue();
			if (run.links() != null && run.links().authMs() != entry.getKey()) {
				throw new BadInputException(mode + "@" + Numbers.trim(entry.getKey(), 1) + "ms was summarized with "
						+ "an auth latency of " + Numbers.trim(run.links().authMs(), 1) + " ms");
			}
			Prediction prediction = run.prediction();
			points.add(new SweepPoint(entry.getKey(), run.valid() ? run.tps() : null, run.valid(), run.errorPct(),
					run.latencyMs().p99(), (prediction != null) ? prediction.tps() : null,
					(prediction != null) ? prediction.formula() : null));
		}
		ModeSummary first = runs.firstEntry().getValue();
		return new ModeSweep(mode, first.executionMode(), points, curve(first, runs.lastKey(), runs.keySet()));
	}

	/**
	 * Little's law for one mode at latencies 0..max, holding its Redis latency, base time
	 * and workload.
	 */
	static List<CurvePoint> curve(ModeSummary template, double maxLatency, Iterable<Double> measured) {
		List<CurvePoint> curve = new ArrayList<>();
		if (template.executionMode() == null || template.links() == null || template.workload() == null) {
			return curve;
		}
		TreeSet<Double> latencies = new TreeSet<>();
		for (int i = 0; i <= CURVE_STEPS; i++) {
			latencies.add(maxLatency * i / CURVE_STEPS);
		}
		measured.forEach(latencies::add);
		for (double latency : latencies) {
			LinkLatencies links = new LinkLatencies(template.links().redisMs(), latency, template.links().baseMs());
			Prediction prediction = LittlesLaw.predict(template.executionMode(), template.gateway(), links,
					template.workload());
			if (prediction.tps() != null) {
				curve.add(new CurvePoint(latency, prediction.tps()));
			}
		}
		return curve;
	}

	public String table() {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("mode", "auth ms", "TPS", "p99 ms", "errors", "bound", "why"));
		for (ModeSweep mode : this.modes) {
			for (SweepPoint point : mode.points()) {
				rows.add(List.of(mode.mode(), Numbers.trim(point.authLatencyMs(), 1),
						point.valid() ? Numbers.fixed(point.tps(), 1)
								: "INVALID (" + Numbers.fixed(point.errorPct(), 1) + " % errors)",
						Numbers.trim(point.p99Ms(), 0), Numbers.fixed(point.errorPct(), 2) + " %",
						(point.predictedTps() != null) ? Numbers.fixed(point.predictedTps(), 0) : "-",
						(point.formula() != null) ? point.formula() : ""));
			}
		}
		return TextTable.render(rows);
	}

	public String html() {
		List<SvgChart.Series> series = new ArrayList<>();
		double measuredMax = 0;
		for (ModeSweep mode : this.modes) {
			for (SweepPoint point : mode.points()) {
				if (point.tps() != null) {
					measuredMax = Math.max(measuredMax, point.tps());
				}
			}
		}
		// Predictions run to infinity as latency approaches 0; clip them so the measured
		// points stay readable.
		double cap = (measuredMax > 0) ? measuredMax * 1.5 : Double.MAX_VALUE;
		for (ModeSweep mode : this.modes) {
			String color = ModeColors.of(mode.mode());
			series.add(new SvgChart.Series(mode.mode() + " measured", color,
					mode.points()
						.stream()
						.filter((point) -> point.tps() != null)
						.map((point) -> new SvgChart.Point(point.authLatencyMs(), point.tps()))
						.toList(),
					false, true));
			series.add(new SvgChart.Series(mode.mode() + " predicted", color,
					mode.prediction()
						.stream()
						.map((point) -> new SvgChart.Point(point.authLatencyMs(), Math.min(point.tps(), cap)))
						.toList(),
					true, false));
		}
		String chart = SvgChart.line("TPS vs auth-link latency (dashed: Little's law)", "auth-link latency (ms)", "TPS",
				series, null);
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Latency sweep ")
			.append(SvgChart.escape(this.run))
			.append("</title><style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>Latency sweep: run ")
			.append(SvgChart.escape(this.run))
			.append("</h1>\n<p class=\"meta\">Each point is one run at that auth-link latency; invalid runs (more ")
			.append("than 1 % errors) are left out of the lines. The dashed curves are Little's law for each ")
			.append("mode, clipped at 1.5 × the highest measured TPS.</p>\n")
			.append("<div class=\"charts\">")
			.append(chart)
			.append("</div>\n<h2>Points</h2>\n<pre>")
			.append(SvgChart.escape(table()))
			.append("</pre>\n</body></html>\n");
		return html.toString();
	}

	public void write(Path run) throws IOException {
		BenchJson.write(run.resolve("sweep.json"), this);
		Files.writeString(run.resolve("sweep.html"), html(), StandardCharsets.UTF_8);
	}

	/** Lookup used by tests and callers: a mode's sweep by name. */
	public Map<String, ModeSweep> byMode() {
		Map<String, ModeSweep> map = new LinkedHashMap<>();
		this.modes.forEach((mode) -> map.put(mode.mode(), mode));
		return map;
	}

}
