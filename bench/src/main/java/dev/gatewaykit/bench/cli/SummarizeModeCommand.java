package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.ModeSummaries;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.report.SummaryTable;

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
			description = "naive, fixed, vanilla, blocking, publish-on, bounded-elastic, reactive, mvc-platform, "
					+ "mvc-virtual, flip (the gateway "
					+ "switched mode mid-window; the report splits it at DIR/flip.json), custom (your gateway: "
					+ "bound by the CPU and its loops the kit sees) or ceiling")
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

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path dir = args.path("dir");
		String mode = args.required("mode");
		if (!List.of(ModeSummary.CEILING, ModeSummary.FLIP, ModeSummary.CUSTOM).contains(mode)
				&& BenchModes.mvcMode(mode).isEmpty()) {
			UsageException.parse(() -> BenchModes.executionMode(mode));
		}
		LinkLatencies links = new LinkLatencies(args.decimal("redis-latency", 0), args.decimal("auth-latency", 0),
				args.decimal("base-ms", 0, 0));
		if (!Files.isDirectory(dir)) {
			throw new UsageException("--dir " + dir + " is not a directory");
		}
		MeasuredRun measured = ModeSummaries.measured(dir);
		Workload workload = workload(args, measured.workload(), err);
		ModeSummary summary = ModeSummaries.summarize(dir, mode, links, measured, workload,
				(warning) -> err.println("warning: " + warning));
		out.println(SummaryTable.line(summary));
		return ExitCodes.OK;
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
