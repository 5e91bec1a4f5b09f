package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.gatewaykit.bench.diagnostics.CpuSample;
import dev.gatewaykit.bench.diagnostics.Diagnostics;
import dev.gatewaykit.bench.diagnostics.WindowRecord;
import dev.gatewaykit.bench.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.measure.GatewayMeters;
import dev.gatewaykit.bench.measure.LoadModel;
import dev.gatewaykit.bench.measure.MeasuredRun;
import dev.gatewaykit.bench.measure.TimeSeries;
import dev.gatewaykit.bench.measure.Workload;
import dev.gatewaykit.bench.report.SummaryTable;
import dev.gatewaykit.bench.sockets.StarvationAnalysis;
import dev.gatewaykit.bench.summary.BenchModes;
import dev.gatewaykit.bench.summary.ModeSummary;
import dev.gatewaykit.bench.summary.Numbers;
import dev.gatewaykit.bench.summary.Summarizer;
import dev.gatewaykit.launcher.BadInputException;
import dev.gatewaykit.launcher.BenchJson;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code summarize-mode}: one mode's measured.json + timeseries.json + gateway.json →
 * mode-summary.json.
 */
@Command(name = "summarize-mode", hidden = true,
		description = "turn one mode's simulation output into RUN/MODE/mode-summary.json",
		footer = { "",
				"Reads DIR/measured.json and DIR/timeseries.json (written by the simulation) and DIR/gateway.json "
						+ "(the gateway's GET /actuator/kit), writes DIR/mode-summary.json: TPS, errors, latency, validity "
						+ "(invalid above 1 %% errors) and Little's-law prediction, and prints one line.",
				"", "exit: 0 written, 2 bad arguments or missing/malformed input" })
public final class SummarizeModeCommand extends KitCommand {

	@Option(names = "--dir", paramLabel = "RUN/MODE", required = true, description = "the mode's directory")
	@Nullable String dir;

	@Option(names = "--mode", paramLabel = "NAME", required = true,
			description = "naive, fixed, vanilla, blocking, publish-on, bounded-elastic, reactive, flip (the gateway "
					+ "switched mode mid-window; the report splits it at DIR/flip.json), custom (your gateway: not "
					+ "modelled) or ceiling")
	@Nullable String mode;

	@Option(names = "--redis-latency", paramLabel = "MS", required = true,
			description = "latency toxiproxy added per round trip on the Redis link")
	@Nullable String redisLatency;

	@Option(names = "--auth-latency", paramLabel = "MS", required = true,
			description = "latency toxiproxy added per round trip on the auth link")
	@Nullable String authLatency;

	@Option(names = "--base-ms", paramLabel = "MS", description = "unloaded service time per request (default 0)")
	@Nullable String baseMs;

	@Option(names = "--model", paramLabel = "closed|open",
			description = "the offered load's model (default: what measured.json recorded)")
	@Nullable String model;

	@Option(names = "--users", paramLabel = "N", description = "the closed model's users (default: likewise)")
	@Nullable String users;

	@Option(names = "--rate", paramLabel = "R", description = "the open model's rate, requests/s (default: likewise)")
	@Nullable String rate;

	/** The gateway's Prometheus scrape the kit takes after the run. */
	static final String END_SCRAPE = "gateway-metrics.txt";

	/**
	 * The socket sampler's output: connections with unread bytes at the gateway, four
	 * times a second.
	 */
	static final String SOCKETS_FILE = "sockets.jsonl";

	/** The one the simulation takes when the measured window opens. */
	static final String WINDOW_START_SCRAPE = "gateway-metrics-window-start.txt";

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path dir = args.path("dir");
		String mode = args.required("mode");
		if (!List.of(ModeSummary.CEILING, ModeSummary.FLIP, ModeSummary.CUSTOM).contains(mode)) {
			UsageException.parse(() -> BenchModes.executionMode(mode));
		}
		LinkLatencies links = new LinkLatencies(args.decimal("redis-latency", 0), args.decimal("auth-latency", 0),
				args.decimal("base-ms", 0, 0));
		if (!Files.isDirectory(dir)) {
			throw new UsageException("--dir " + dir + " is not a directory");
		}
		MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
		TimeSeries series = Files.isRegularFile(dir.resolve("timeseries.json"))
				? BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class) : null;
		GatewayFacts gateway = null;
		if (Files.isRegularFile(dir.resolve("gateway.json"))) {
			gateway = BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class);
		}
		else if (!ModeSummary.CEILING.equals(mode)) {
			err.println("warning: no gateway.json in " + dir + ": thread counts unknown, no prediction for " + mode);
		}
		Workload workload = workload(args, measured.workload(), err);
		ModeSummary summary = Summarizer.summarize(mode, measured, series, gateway, links, workload, scrapes(dir, err));
		Path sockets = dir.resolve(SOCKETS_FILE);
		if (Files.isRegularFile(sockets)) {
			// From the first browsing request, not the window: the longest waits come
			// while nginx opens its connections and the gateway, accepting on its blocked
			// event loops, takes them in 16 at a time.
			summary = summary.withStarvation(
					StarvationAnalysis.analyse(sockets, measured.phaseStartEpochMs(), measured.windowEndEpochMs()));
		}
		if (Files.isRegularFile(dir.resolve(CpuSample.FILE)) || Files.isRegularFile(dir.resolve(WindowRecord.FILE))) {
			summary = summary
				.withDiagnostics(Diagnostics.read(dir, measured.phaseStartEpochMs(), measured.windowStartEpochMs(),
						measured.windowEndEpochMs(), (from, to) -> completedPerSecond(series, measured, from, to)));
		}
		BenchJson.write(dir.resolve("mode-summary.json"), summary);
		String tps = summary.valid() ? Numbers.fixed(summary.tps(), 1) + " TPS" : SummaryTable.tps(summary);
		out.println(mode + ": " + tps + ", p99 " + Numbers.trim(summary.latencyMs().p99(), 0) + " ms, errors "
				+ Numbers.fixed(summary.errorPct(), 2) + " %, predicted "
				+ ((summary.prediction().tps() != null) ? Numbers.fixed(summary.prediction().tps(), 0) : "-") + " ("
				+ summary.prediction().formula() + ")");
		return ExitCodes.OK;
	}

	/**
	 * Requests completed (OK and failed) per second between two instants of the window,
	 * from the simulation's per-second counts; the whole window's rate without them.
	 */
	static double completedPerSecond(TimeSeries series, MeasuredRun measured, long fromMs, long toMs) {
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
	static Summarizer.MeterScrapes scrapes(Path dir, PrintStream err) {
		GatewayMeters end = meters(dir.resolve(END_SCRAPE), err);
		if (end == null) {
			return null;
		}
		GatewayMeters start = meters(dir.resolve(WINDOW_START_SCRAPE), err);
		if (start == null) {
			err.println("warning: no " + WINDOW_START_SCRAPE + " in " + dir
					+ ": hold time per request measured over the whole run, warm-up included");
		}
		return new Summarizer.MeterScrapes(start, end);
	}

	private static GatewayMeters meters(Path file, PrintStream err) {
		if (!Files.isRegularFile(file)) {
			return null;
		}
		try {
			return GatewayMeters.parse(Files.readString(file));
		}
		catch (java.io.IOException | BadInputException ex) {
			err.println("warning: " + file + ": " + ex.getMessage());
			return null;
		}
	}

	/**
	 * The command line's workload if given, else measured.json's; a disagreement is
	 * printed, not hidden.
	 */
	static Workload workload(GivenOptions args, Workload recorded, PrintStream err) {
		if (!args.has("model") && !args.has("users") && !args.has("rate")) {
			if (recorded == null) {
				throw new UsageException("measured.json records no workload: pass --model and --users or --rate");
			}
			return recorded;
		}
		LoadModel model = UsageException.parse(
				() -> LoadModel.fromName(args.string("model", (recorded != null) ? recorded.model().id() : "closed")));
		Workload given = UsageException.parse(() -> (model == LoadModel.CLOSED)
				? Workload
					.closed(args.integer("users", (recorded != null) ? recorded.users() : 0, 1, Integer.MAX_VALUE))
				: Workload.open(args.decimal("rate", (recorded != null) ? recorded.rate() : 0, 0)));
		if (recorded != null && !given.describe().equals(recorded.describe())) {
			err.println("warning: --model/--users/--rate say " + given.describe() + " but the simulation ran "
					+ recorded.describe() + "; using " + given.describe());
		}
		return given;
	}

}
