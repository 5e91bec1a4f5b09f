package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.RunReport;
import dev.gatewaykit.bench.report.SummaryTable;
import dev.gatewaykit.bench.run.RunReports;
import dev.gatewaykit.bench.run.ToolVersions;

/**
 * {@code report}: every mode of a run → summary.json, report.html and the terminal table.
 */
@Command(name = "report", description = "write RUN/summary.json and RUN/report.html, print the table",
		footer = { "", "Reads every DIR/<mode>/mode-summary.json (and DIR/ceiling/ if present; DIR/<mode>@<n>ms/ sweep "
				+ "points are left to sweep-report), DIR/params.json, gathers the machine (CPU, memory, OS), the JDK, "
				+ "the git commit of --repo (default: .) and the tools' versions, then writes DIR/summary.json and a "
				+ "self-contained DIR/report.html, and prints the per-mode table with the fixed/naive ratio. A mode's "
				+ "Gatling report is linked if the kit copied it to DIR/<mode>/gatling/index.html. A mode directory "
				+ "with a flip.json (./kit bench --flip-at) is split at the switch: before and after figures in the "
				+ "table and in summary.json's \"flip\", a marker on the charts.", "",
				"exit: 0 written, 2 bad arguments or no mode summary in DIR" })
public final class ReportCommand extends KitCommand {

	@Option(names = "--run", paramLabel = "DIR", required = true, description = "the run directory")
	@Nullable String run;

	@Option(names = "--params", paramLabel = "FILE",
			description = "the run's parameters (default: DIR/params.json if present)")
	@Nullable String params;

	@Option(names = "--repo", paramLabel = "DIR",
			description = "the git repository whose commit the run measured (default: .)")
	@Nullable String repo;

	@Option(names = "--nginx", paramLabel = "PATH", description = "nginx, asked for its version (default: on PATH)")
	@Nullable String nginx;

	@Option(names = "--redis-server", paramLabel = "PATH", description = "redis-server, likewise")
	@Nullable String redisServer;

	@Option(names = "--toxiproxy-server", paramLabel = "PATH", description = "toxiproxy-server, likewise")
	@Nullable String toxiproxyServer;

	@Option(names = "--rnacos", paramLabel = "PATH", description = "rnacos, likewise")
	@Nullable String rnacos;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path run = args.path("run");
		Path params = args.has("params") ? args.path("params") : null;
		Path repo = args.path("repo", Path.of("."));
		Map<String, String> tools = ToolVersions.defaultTools();
		for (String tool : tools.keySet()) {
			if (args.has(tool)) {
				tools.put(tool, args.required(tool));
			}
		}
		RunReport report = RunReports.write(run, params, repo, tools);
		out.print(SummaryTable.terminal(report.summary()));
		out.println("wrote " + run.resolve("summary.json") + " and " + run.resolve("report.html"));
		return ExitCodes.OK;
	}

}
