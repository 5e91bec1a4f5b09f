package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import dev.gatewaykit.bench.analysis.merge.InjectorMerge;
import dev.gatewaykit.bench.analysis.merge.RunMerge;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.RunReport;
import dev.gatewaykit.bench.report.SummaryTable;
import dev.gatewaykit.bench.run.RunReports;
import dev.gatewaykit.bench.run.ToolVersions;
import dev.gatewaykit.launcher.Workspace;

/**
 * {@code merge}: several injectors' runs of one bench → one run, reported like any other.
 */
@Command(name = "merge", description = "merge several injectors' runs into one run: summary.json and report.html",
		footer = { "", "Each DIR is one injector's run directory: injectors that offered their share of the load to "
				+ "one stack at the same time, their measured windows opened on one instant. Every case in them "
				+ "(DIR/<mode>/ with measured.json, timeseries.json and latency.hlog, HdrHistogram's interval log) is "
				+ "merged exactly: counts add second by second, latency histograms add interval by interval, so the "
				+ "merged TPS is the sum and the percentiles are those of every injector's requests together. Windows "
				+ "that opened more than " + InjectorMerge.START_TOLERANCE_MS + " ms apart or last differently are "
				+ "refused, as are runs with different cases. The gateway's files (case.json, gateway.json, its "
				+ "scrapes, unloaded.json) come from the first DIR that has them; each injector's gates are kept "
				+ "under its number (injector 1 is the first DIR); params.json is the first DIR's with the summed "
				+ "load. Then OUT/summary.json and OUT/report.html are written as report writes them.", "",
				"exit: 0 written, 2 bad arguments or runs that cannot be merged" })
public final class MergeCommand extends KitCommand {

	@Parameters(paramLabel = "DIR", arity = "2..*", description = "the injectors' run directories, two or more")
	@Nullable List<String> runs;

	@Option(names = "--out", paramLabel = "DIR",
			description = "where the merged run goes (default target/kit/merged-<timestamp>)")
	@Nullable String out;

	@Option(names = "--repo", paramLabel = "DIR",
			description = "the git repository whose commit the run measured (default: .)")
	@Nullable String repo;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		List<Path> runs = new ArrayList<>();
		for (int i = 0; !args.positional(i, "").isEmpty(); i++) {
			runs.add(Path.of(args.positional(i, "")));
		}
		Path merged = args.outDir(Workspace.current().kitDir(), "merged-");
		RunMerge.merge(runs, merged, (warning) -> err.println("warning: " + warning));
		RunReport report = RunReports.write(merged, null, args.path("repo", Path.of(".")), ToolVersions.defaultTools());
		out.print(SummaryTable.terminal(report.summary()));
		out.println("merged " + runs.size() + " injectors into " + merged.resolve("summary.json") + " and "
				+ merged.resolve("report.html"));
		return ExitCodes.OK;
	}

}
