package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.report.SweepReport;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;

/**
 * {@code ./kit sweep}: TPS against auth-link latency, per mode, beside each mode's
 * prediction curve.
 */
@Command(name = "sweep", description = { "TPS against auth-link latency for chosen modes", "",
		"Runs the bench once per auth-link latency for each mode (default modes blocking,bounded-elastic,"
				+ "reactive) and plots TPS against latency next to each mode's prediction curve (sweep.html). Each "
				+ "point warms up until its throughput is steady, like the bench (at most 40 s by default here), then "
				+ "measures 15 s: it makes modes × latencies runs, and a fixed short warm-up would rank the points by "
				+ "the order they ran in rather than by their latency." })
public final class SweepCommand extends KitCommand {

	@Option(names = "--modes", paramLabel = "LIST",
			description = "the modes (default blocking,bounded-elastic,reactive)")
	@Nullable String modes;

	@Option(names = "--latencies", paramLabel = "MS,MS,...",
			description = "the auth link's latencies (default 0,5,10,25,50,100)")
	@Nullable String latencies;

	@Option(names = "--nginx", paramLabel = "naive|tuned", description = "nginx configuration (default tuned)")
	@Nullable String nginx;

	@ArgGroup(validate = false, heading = "%nThe load, the links, the stack and the diagnostics:%n")
	@Nullable LoadOptionGroup load;

	@Option(names = "--gateway-jar", paramLabel = "PATH",
			description = "sweep your Spring Cloud Gateway jar (one mode, named custom) instead of the kit's modes, "
					+ "behind the same nginx and links")
	@Nullable String gatewayJar;

	/**
	 * Declared to be refused with the reason: the sweep varies links a running gateway
	 * does not have.
	 */
	@Option(names = "--target-url", paramLabel = "URL", hidden = true)
	@Nullable String targetUrl;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		if (args.has("target-url")) {
			// Each point sets the auth link's latency in the kit's toxiproxy; a running
			// gateway's links are its own.
			throw new UsageException("./kit sweep varies the latency of the gateway's auth link, which runs through "
					+ "the kit's toxiproxy; a --target-url gateway's links are not the kit's: bench it with ./kit bench "
					+ "--target-url, or sweep your jar with --gateway-jar");
		}
		KitContext kit = KitContext.current(err);
		BenchOptions options = BenchOptions.from(args, Map.of("modes", "blocking,bounded-elastic,reactive",
				"max-warmup", "40", "duration", "15", "ceiling", "false"), kit.workspace().kitDir());
		Files.createDirectories(options.out());
		try (BenchRun run = kit.benchRun(options, out, err)) {
			run.prepare();
			for (int latency : options.sweepLatencies()) {
				run.authLatency(latency);
				for (String mode : options.modes()) {
					run.sweepPoint(mode, latency);
				}
			}
			run.close();
		}
		SweepReport report = SweepReport.load(options.out());
		report.write(options.out());
		out.print(report.table());
		kit.log().accept("sweep done: " + options.out().resolve("sweep.html"));
		return ExitCodes.OK;
	}

}
