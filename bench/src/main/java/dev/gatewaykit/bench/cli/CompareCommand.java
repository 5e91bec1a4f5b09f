package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;

import dev.gatewaykit.bench.compare.Comparison;
import dev.gatewaykit.bench.compare.Thresholds;
import dev.gatewaykit.launcher.BenchJson;
import dev.gatewaykit.bench.report.RunSummary;

/**
 * {@code compare}: a run against a saved baseline, failing on a regression that would
 * otherwise go unnoticed.
 */
public final class CompareCommand implements Command {

	@Override
	public String name() {
		return "compare";
	}

	@Override
	public String summary() {
		return "per-mode deltas against a saved summary.json; exit 1 on regression";
	}

	@Override
	public Set<String> options() {
		return Set.of("baseline", "current", "max-tps-drop-pct", "max-p99-rise-pct", "max-cpu-rise-pct");
	}

	@Override
	public String help() {
		return """
				usage: compare --baseline OLD/summary.json --current NEW/summary.json
				               [--max-tps-drop-pct 10] [--max-p99-rise-pct 20]

				Prints each mode's TPS and p99 against the baseline's. A mode regresses when its TPS drops, or its p99
				rises, by more than the limit (exactly at the limit passes). An invalid run (> 1 % errors) on either
				side fails: its figures prove nothing. A mode on one side only is reported and skipped.

				exit: 0 no regression, 1 regression or invalid run, 2 bad arguments/input or no mode in common
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		Path baselineFile = args.path("baseline");
		Path currentFile = args.path("current");
		Thresholds thresholds = new Thresholds(args.decimal("max-tps-drop-pct", Thresholds.DEFAULT.maxTpsDropPct(), 0),
				args.decimal("max-p99-rise-pct", Thresholds.DEFAULT.maxP99RisePct(), 0),
				args.decimal("max-cpu-rise-pct", Thresholds.DEFAULT.maxCpuRisePct(), 0));
		RunSummary baseline = BenchJson.read(baselineFile, RunSummary.class);
		RunSummary current = BenchJson.read(currentFile, RunSummary.class);
		Comparison comparison = Comparison.of(baseline.samples(), current.samples(), thresholds);
		out.println("baseline " + baseline.run() + " (" + baselineFile + ") vs current " + current.run() + " ("
				+ currentFile + ")");
		out.print(comparison.table());
		out.println(comparison.verdictLine());
		if (comparison.failed()) {
			return ExitCodes.FAILED;
		}
		return comparison.comparedAny() ? ExitCodes.OK : ExitCodes.USAGE;
	}

}
