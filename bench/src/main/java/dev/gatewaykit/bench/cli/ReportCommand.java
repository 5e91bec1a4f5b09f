package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Set;

import dev.gatewaykit.bench.report.MachineFacts;
import dev.gatewaykit.bench.report.RunReport;
import dev.gatewaykit.bench.report.SummaryTable;

/**
 * {@code report}: every mode of a run → summary.json, report.html and the terminal table.
 */
public final class ReportCommand implements Command {

	@Override
	public String name() {
		return "report";
	}

	@Override
	public String summary() {
		return "write RUN/summary.json and RUN/report.html, print the table";
	}

	@Override
	public Set<String> options() {
		return Set.of("run", "params", "repo", "nginx", "redis-server", "toxiproxy-server", "rnacos");
	}

	@Override
	public String help() {
		return """
				usage: report --run DIR [--params FILE] [--repo DIR]
				              [--nginx PATH] [--redis-server PATH] [--toxiproxy-server PATH] [--rnacos PATH]

				Reads every DIR/<mode>/mode-summary.json (and DIR/ceiling/ if present; DIR/<mode>@<n>ms/ sweep points
				are left to sweep-report), DIR/params.json, gathers the machine (CPU, memory, OS), the JDK, the git
				commit of --repo (default: .) and the tools' versions, then writes DIR/summary.json and a
				self-contained DIR/report.html, and prints the per-mode table with the fixed/naive ratio.
				A mode's Gatling report is linked if the kit copied it to DIR/<mode>/gatling/index.html.
				A mode directory with a flip.json (./kit bench --flip-at) is split at the switch: before and after
				figures in the table and in summary.json's "flip", a marker on the charts.

				  --params  the run's parameters (default: DIR/params.json if present)
				  --nginx, --redis-server, --toxiproxy-server, --rnacos  executables to ask for versions
				                                                       (default: on PATH)

				exit: 0 written, 2 bad arguments or no mode summary in DIR
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		Path run = args.path("run");
		Path params = args.has("params") ? args.path("params") : null;
		Path repo = args.path("repo", Path.of("."));
		Map<String, String> tools = MachineFacts.defaultTools();
		for (String tool : tools.keySet()) {
			if (args.has(tool)) {
				tools.put(tool, args.required(tool));
			}
		}
		RunReport report = RunReport.load(run, params, MachineFacts.gather(), MachineFacts.versions(tools, repo),
				Clock.systemUTC());
		report.write(run);
		out.print(SummaryTable.terminal(report.summary()));
		out.println("wrote " + run.resolve("summary.json") + " and " + run.resolve("report.html"));
		return ExitCodes.OK;
	}

}
