package dev.gatewaykit.bench.cli;

import java.io.PrintStream;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.compare.Gate;
import dev.gatewaykit.bench.analysis.compare.GateOptions;
import dev.gatewaykit.bench.analysis.compare.Thresholds;
import dev.gatewaykit.bench.options.GivenOptions;

/**
 * {@code compare}: a run against a saved baseline, failing on a regression that would
 * otherwise go unnoticed. The decision is {@link Gate}'s; this only reads the options.
 */
@Command(name = "compare",
		description = "the regression gate: a summary.json against a saved one; exit 1 on regression",
		footer = { "",
				"Compares each mode's TPS, p99 and gateway CPU µs per request with the baseline's, on the median "
						+ "and the min–max range of its repeats (bench --repeat N; an older summary.json counts as one run per "
						+ "mode). A metric regresses when its median is worse by more than the limit (exactly at the limit "
						+ "passes) and the two ranges do not overlap; worse but overlapping is \"no change\": inside the "
						+ "measured spread. The gateway's CPU is compared when both runs measured it. An invalid repeat "
						+ "(> 1 %% errors) on either side fails its mode: its figures prove nothing. A mode on one side only is "
						+ "reported and skipped.",
				"",
				"The runs must have the same parameters (users, duration, latencies, nginx, discovery, ...), machine "
						+ "(CPU, memory, OS) and tool versions (JDK, Gatling, nginx, redis, toxiproxy); the git commit, "
						+ "the gateway jar and arguments, the modes and the repeat count may differ. Otherwise nothing "
						+ "is compared and each difference is listed; --force compares anyway and says what differs.",
				"", "exit: 0 no regression, 1 regression or invalid run, 2 not comparable, no mode in common, or bad "
						+ "arguments/input" })
public final class CompareCommand extends KitCommand {

	@Option(names = "--baseline", paramLabel = "OLD/summary.json", required = true, description = "the saved run")
	@Nullable String baseline;

	@Option(names = "--current", paramLabel = "NEW/summary.json", required = true, description = "the run to judge")
	@Nullable String current;

	@ArgGroup(validate = false, heading = "%nThe gate:%n")
	@Nullable GateOptionGroup gate;

	@Option(names = "--json", paramLabel = "FILE",
			description = "write the verdict as JSON (status, limits, differences, every metric)")
	@Nullable String json;

	@Option(names = "--junit", paramLabel = "FILE",
			description = "write the verdict as JUnit XML: a test case per mode and metric, for any CI")
	@Nullable String junit;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) {
		Thresholds thresholds = new Thresholds(args.decimal("max-tps-drop", Thresholds.DEFAULT.maxTpsDropPct(), 0),
				args.decimal("max-p99-rise", Thresholds.DEFAULT.maxP99RisePct(), 0),
				args.decimal("max-cpu-rise", Thresholds.DEFAULT.maxCpuRisePct(), 0));
		GateOptions options = new GateOptions(thresholds, args.flag("force"),
				args.has("json") ? args.path("json") : null, args.has("junit") ? args.path("junit") : null);
		return ExitCodes.of(Gate.check(args.path("baseline"), args.path("current"), options, out, err));
	}

}
