package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.SweepReport;

/**
 * {@code sweep-report}: TPS against auth-link latency, per mode, next to Little's law.
 */
@Command(name = "sweep-report", hidden = true,
		description = "write RUN/sweep.json and RUN/sweep.html from RUN/<mode>@<latency>ms/ points",
		footer = { "",
				"Reads DIR/<mode>@<latency>ms/mode-summary.json for every swept point (summarize each point with "
						+ "--auth-latency equal to its latency), writes DIR/sweep.json and DIR/sweep.html (TPS against the "
						+ "auth-link latency per mode, beside each mode's Little's-law curve) and prints the points.",
				"", "exit: 0 written, 2 bad arguments or no sweep point in DIR" })
public final class SweepReportCommand extends KitCommand {

	@Option(names = "--run", paramLabel = "DIR", required = true, description = "the sweep's run directory")
	@Nullable String run;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path run = args.path("run");
		SweepReport report = SweepReport.load(run);
		report.write(run);
		out.print(report.table());
		out.println("wrote " + run.resolve("sweep.json") + " and " + run.resolve("sweep.html"));
		return ExitCodes.OK;
	}

}
