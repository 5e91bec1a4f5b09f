package dev.gatewaykit.bench.analysis.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.diagnostics.LoopProfile;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.analysis.littleslaw.ClosedBound;
import dev.gatewaykit.bench.analysis.littleslaw.CpuBound;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayMeters;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.LoopBound;
import dev.gatewaykit.bench.analysis.littleslaw.PoolBound;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.diagnostics.GatewaySecond;

/**
 * One mode's directory summarized: what the simulation wrote ({@code measured.json},
 * {@code timeseries.json}), what the kit recorded beside it (the gateway's facts and
 * scrapes, its sockets, the window's diagnostics) → {@code mode-summary.json}.
 */
public final class ModeSummaries {

	/** The gateway's Prometheus scrape the kit takes after the run. */
	public static final String END_SCRAPE = "gateway-metrics.txt";

	/**
	 * The socket sampler's output: connections with unread bytes at the gateway, four
	 * times a second.
	 */
	public static final String SOCKETS_FILE = "sockets.jsonl";

	/** The one the simulation takes when the measured window opens. */
	public static final String WINDOW_START_SCRAPE = "gateway-metrics-window-start.txt";

	private ModeSummaries() {
	}

	/**
	 * What the simulation measured in {@code dir}.
	 * @throws BadInputException when {@code measured.json} is missing or malformed
	 */
	public static MeasuredRun measured(Path dir) {
		return BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
	}

	/**
	 * Summarizes the mode in {@code dir} under {@code workload} and writes
	 * {@code mode-summary.json} there.
	 * @param warnings what is missing or malformed and was left out, said once each
	 */
	public static ModeSummary summarize(Path dir, String mode, LinkLatencies links, MeasuredRun measured,
			Workload workload, Consumer<String> warnings) {
		TimeSeries series = Files.isRegularFile(dir.resolve("timeseries.json"))
				? BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class) : null;
		GatewayFacts gateway = null;
		if (Files.isRegularFile(dir.resolve("gateway.json"))) {
			gateway = BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class);
		}
		else if (!ModeSummary.CEILING.equals(mode)) {
			warnings.accept("no gateway.json in " + dir + ": thread counts unknown, no prediction for " + mode);
		}
		// A scale point's gateways: the facts and meters are the first's, the bounds all
		// of theirs.
		int instances = Files.isRegularFile(dir.resolve(CaseFacts.FILE)) ? CaseFacts.read(dir).gateways() : 1;
		ModeSummary summary = Summarizer.summarize(mode, measured, series, gateway, links, workload,
				scrapes(dir, warnings), instances);
		Path sockets = dir.resolve(SOCKETS_FILE);
		if (Files.isRegularFile(sockets)) {
			// From the first browsing request, not the window: the longest waits come
			// while nginx opens its connections and the gateway, accepting on its blocked
			// event loops, takes them in 16 at a time.
			summary = summary.withStarvation(
					StarvationAnalysis.analyse(sockets, measured.phaseStartEpochMs(), measured.windowEndEpochMs()));
		}
		if (Files.isRegularFile(dir.resolve(CpuSample.FILE)) || Files.isRegularFile(dir.resolve(WindowRecord.FILE))) {
			Diagnostics diagnostics = Diagnostics.read(dir, measured.phaseStartEpochMs(), measured.windowStartEpochMs(),
					measured.windowEndEpochMs(), (from, to) -> completedPerSecond(series, measured, from, to));
			summary = summary.withDiagnostics(diagnostics);
			// The run is summarized where it ran, on these cores. Without the gateway's
			// own CPU (--target-url without --target-pid) the sum would be the
			// injector's alone: no bound of the gateway's.
			CpuBound cpu = CpuBound.of(Runtime.getRuntime().availableProcessors(), diagnostics.cpuMicrosPerRequest());
			boolean whole = diagnostics.cpuMicrosPerRequest().containsKey("gateway")
					|| ModeSummary.CEILING.equals(mode);
			if (cpu != null && whole && !ModeSummary.FLIP.equals(mode)) {
				summary = summary.withPrediction(cpu.bind(summary.prediction()));
			}
			summary = withLoopBound(summary, diagnostics);
			summary = withPoolBound(summary, diagnostics, measured.windowEndEpochMs(), instances);
		}
		summary = withClosedBound(summary, workload, dir.resolve(Unloaded.FILE));
		BenchJson.write(dir.resolve(ModeSummary.FILE), summary);
		return summary;
	}

	/**
	 * The loops' bound beside the others, for a mode whose loops hold no request while it
	 * waits (a blocking mode's thread bound comes from its hold time): from the
	 * wall-clock profile only, the one that sees a loop wait for I/O.
	 */
	static ModeSummary withLoopBound(ModeSummary summary, Diagnostics diagnostics) {
		LoopProfile loops = diagnostics.loops();
		Prediction prediction = summary.prediction();
		if (loops == null || loops.samples() == 0 || !ProfilerEvent.WALL.id().equals(diagnostics.profile())
				|| prediction == null || prediction.threadBound() != null || ModeSummary.FLIP.equals(summary.mode())
				|| !summary.valid()) {
			return summary;
		}
		LoopBound bound = LoopBound.of(summary.tps(), loops.runningPct() + loops.blockedPct());
		return (bound != null) ? summary.withPrediction(bound.bind(prediction)) : summary;
	}

	/**
	 * The connection pools' lowest bound beside the others, from the gateway's pool
	 * gauges over the window (seconds that ended inside it) and the window's rate.
	 */
	static ModeSummary withPoolBound(ModeSummary summary, Diagnostics diagnostics, long windowEndMs, int instances) {
		Prediction prediction = summary.prediction();
		if (prediction == null || ModeSummary.FLIP.equals(summary.mode()) || !summary.valid()) {
			return summary;
		}
		long first = diagnostics.windowStartEpochMs() / 1000 + 1;
		long last = windowEndMs / 1000;
		List<GatewaySecond> window = diagnostics.gateway()
			.stream()
			.filter((second) -> second.epochSecond() >= first && second.epochSecond() <= last)
			.toList();
		// The gauges are the first gateway's, which served its share of the rate.
		PoolBound bound = PoolBound.lowest(window, summary.tps() / instances);
		return (bound != null) ? summary.withPrediction(bound.across(instances).bind(prediction)) : summary;
	}

	/**
	 * The closed model's bound with the unloaded response time the bench measured after
	 * the window ({@code unloaded.json}); none without it (an open workload, a user's
	 * simulation, the ceiling).
	 */
	static ModeSummary withClosedBound(ModeSummary summary, Workload workload, Path unloadedFile) {
		Prediction prediction = summary.prediction();
		if (prediction == null || ModeSummary.FLIP.equals(summary.mode()) || !Files.isRegularFile(unloadedFile)) {
			return summary;
		}
		ClosedBound bound = ClosedBound.of(workload, BenchJson.read(unloadedFile, Unloaded.class));
		return (bound != null) ? summary.withPrediction(bound.bind(prediction)) : summary;
	}

	/**
	 * Requests completed (OK and failed) per second between two instants of the window,
	 * from the simulation's per-second counts; the whole window's rate without them.
	 */
	static double completedPerSecond(@Nullable TimeSeries series, MeasuredRun measured, long fromMs, long toMs) {
		long windowStart = measured.windowStartEpochMs();
		double wholeWindow = (measured.measured().ok() + measured.measured().ko()) / measured.windowSeconds();
		if (series == null) {
			return wholeWindow;
		}
		int first = (int) ((fromMs - windowStart) / 1000);
		int last = (int) Math.ceil((toMs - windowStart) / 1000.0);
		long completed = 0;
		for (TimeSeries.Second second : series.seconds()) {
			if (second.t() >= first && second.t() < last) {
				completed += second.ok() + second.ko();
			}
		}
		return (last > first) ? completed / (double) (last - first) : wholeWindow;
	}

	/**
	 * The gateway's meters when the window opened (the simulation's scrape) and after the
	 * run (the kit's); none without the latter. A malformed scrape is reported and left
	 * out.
	 */
	static Summarizer.@Nullable MeterScrapes scrapes(Path dir, Consumer<String> warnings) {
		GatewayMeters end = meters(dir.resolve(END_SCRAPE), warnings);
		if (end == null) {
			return null;
		}
		GatewayMeters start = meters(dir.resolve(WINDOW_START_SCRAPE), warnings);
		if (start == null) {
			warnings.accept("no " + WINDOW_START_SCRAPE + " in " + dir
					+ ": hold time per request measured over the whole run, warm-up included");
		}
		return new Summarizer.MeterScrapes(start, end);
	}

	private static @Nullable GatewayMeters meters(Path file, Consumer<String> warnings) {
		if (!Files.isRegularFile(file)) {
			return null;
		}
		try {
			return GatewayMeters.parse(Files.readString(file));
		}
		catch (IOException | BadInputException ex) {
			warnings.accept(file + ": " + ex.getMessage());
			return null;
		}
	}

}
