package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;

import dev.gatewaykit.bench.KitCli;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;

/**
 * {@code ./kit sweep}: TPS against auth-link latency, per mode, beside each mode's
 * prediction curve.
 */
public final class SweepCommand implements Command {

	@Override
	public String name() {
		return "sweep";
	}

	@Override
	public String summary() {
		return "TPS against auth-link latency for chosen modes (./kit sweep --help)";
	}

	@Override
	public Set<String> options() {
		return Set.copyOf(BenchOptions.OPTIONS);
	}

	@Override
	public Set<String> flags() {
		return Set.copyOf(BenchOptions.FLAGS);
	}

	@Override
	public String help() {
		return """
				usage: ./kit sweep [--modes LIST] [--latencies 0,5,10,25,50,100] [bench options, --flip-at excepted]

				Runs the bench once per auth-link latency for each mode (default modes blocking,bounded-elastic,
				reactive) and plots TPS against latency next to each mode's prediction curve (sweep.html). Each point
				warms up until its throughput is steady, like the bench (at most 40 s by default here), then measures
				15 s: it makes modes × latencies runs, and a fixed short warm-up would rank the points by the order
				they ran in rather than by their latency.
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		if (args.has("flip-at")) {
			throw new UsageException("./kit sweep does not take --flip-at");
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
					run.mode(mode, mode + "@" + latency + "ms", latency);
				}
			}
			run.close();
		}
		int status = KitCli.run(new String[] { "sweep-report", "--run", options.out().toString() }, out, err);
		kit.log().accept("sweep done: " + options.out().resolve("sweep.html"));
		return status;
	}

}
