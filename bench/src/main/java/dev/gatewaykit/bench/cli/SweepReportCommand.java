package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;

import dev.gatewaykit.bench.report.SweepReport;

/**
 * {@code sweep-report}: TPS against auth-link latency, per mode, next to Little's law.
 */
public final class SweepReportCommand implements Command {

	@Override
	public String name() {
		return "sweep-report";
	}

	@Override
	public String summary() {
		return "write RUN/sweep.json and RUN/sweep.html from RUN/<mode>@<latency>ms/ points";
	}

	@Override
	public Set<String> options() {
		return Set.of("run");
	}

	@Override
	public String help() {
		return """
				usage: sweep-report --run DIR

				Reads DIR/<mode>@<latency>ms/mode-summary.json for every swept point (summarize each point with
				--auth-latency-ms equal to its latency), writes DIR/sweep.json and DIR/sweep.html (TPS against the
				auth-link latency per mode, beside each mode's Little's-law curve) and prints the points.

				exit: 0 written, 2 bad arguments or no sweep point in DIR
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		Path run = args.path("run");
		SweepReport report = SweepReport.load(run);
		report.write(run);
		out.print(report.table());
		out.println("wrote " + run.resolve("sweep.json") + " and " + run.resolve("sweep.html"));
		return ExitCodes.OK;
	}

}
