package dev.gatewaykit.bench.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.run.BenchOptions;

/**
 * What {@code ./kit soak} was asked to do, checked.
 *
 * @param durationSeconds how long the load runs
 * @param rate the open model's arrival rate, requests/s
 * @param rateSource where the rate came from, for the log and {@code soak.json}
 * @param warmupSeconds the warm-up load at the soak's rate before the baseline
 * @param idleSeconds the pause after the warm-up, before the baseline's GC
 * @param settleSeconds the pause after the load, before the after snapshot's GC
 * @param intervalSeconds how often the gateway is sampled during the load
 * @param out the run directory
 */
public record SoakOptions(int durationSeconds, double rate, String rateSource, int warmupSeconds, int idleSeconds,
		int settleSeconds, int intervalSeconds, Path out) {

	/**
	 * The share of the fixed gateway's measured throughput the soak runs at by default.
	 */
	public static final double DEFAULT_FRACTION = 0.70;

	/**
	 * The longest soak: ten minutes is what the kit claims; longer runs are for a
	 * dedicated machine, not this command's defaults.
	 */
	static final int MAX_DURATION_SECONDS = 3600;

	/**
	 * Far above any rate a gateway on one machine serves: a typo, not a soak.
	 */
	static final double MAX_RATE = 100_000;

	/**
	 * @param kitDir where runs go and where {@code last-run} names the newest bench run
	 */
	public static SoakOptions from(GivenOptions args, Path kitDir) {
		int duration = args.integer("duration", 600, 10, MAX_DURATION_SECONDS);
		if (args.has("rate") && (args.has("fraction") || args.has("from-run"))) {
			throw new UsageException(
					"--rate is the soak's rate; --fraction and --from-run derive one from a bench run: " + "pick one");
		}
		double rate;
		String source;
		if (args.has("rate")) {
			rate = args.decimal("rate", 0.1);
			if (rate > MAX_RATE) {
				throw new UsageException("--rate must be at most " + (long) MAX_RATE + " requests/s, was " + rate);
			}
			source = "--rate";
		}
		else {
			double fraction = args.decimal("fraction", DEFAULT_FRACTION, 0.01);
			if (fraction > 1) {
				throw new UsageException("--fraction is a share of the measured capacity, at most 1, was " + fraction);
			}
			Path run = args.has("from-run") ? args.path("from-run").toAbsolutePath().normalize() : lastRun(kitDir);
			double tps = fixedTps(run);
			rate = Math.round(tps * fraction * 10) / 10.0;
			if (rate < 0.1) {
				throw new BadInputException("the fixed gateway's throughput in " + run.resolve("summary.json") + " ("
						+ tps + " TPS) is too low to soak at a share of it; give --rate R");
			}
			source = String.format("%.0f %% of the fixed gateway's %.1f TPS in %s", fraction * 100, tps,
					run.resolve("summary.json"));
		}
		Path out = args.outDir(kitDir, "soak-");
		return new SoakOptions(duration, rate, source, args.integer("warmup", 30, 5, 600), 5,
				args.integer("settle", 15, 5, 300), args.integer("interval", 5, 1, 60), out);
	}

	/**
	 * The fixed gateway's measured throughput in a bench run's {@code summary.json}.
	 * @throws BadInputException when there is no such file or it has no fixed mode
	 */
	static double fixedTps(Path run) {
		Path summary = run.resolve("summary.json");
		if (!Files.isRegularFile(summary)) {
			throw new BadInputException("no " + summary + ": the soak's rate is a share of the fixed gateway's "
					+ "measured throughput; run ./kit bench --modes fixed first, or give --rate R");
		}
		JsonNode modes = BenchJson.readTree(summary).path("modes");
		for (JsonNode mode : modes) {
			if ("fixed".equals(mode.path("mode").asString(""))) {
				double tps = mode.path("tps").asDouble(0);
				if (tps > 0) {
					return tps;
				}
			}
		}
		throw new BadInputException(summary + " has no fixed mode with a throughput: run ./kit bench with fixed "
				+ "among --modes, or give --rate R");
	}

	/** The newest bench run: the directory {@code kitDir/last-run} names. */
	static Path lastRun(Path kitDir) {
		Path pointer = kitDir.resolve("last-run");
		if (!Files.isRegularFile(pointer)) {
			throw new BadInputException("no bench run to take the capacity from (" + pointer + " is missing): run "
					+ "./kit bench --modes fixed first, or give --rate R or --from-run DIR");
		}
		try {
			return Path.of(Files.readString(pointer).trim());
		}
		catch (IOException ex) {
			throw new BadInputException("cannot read " + pointer + ": " + ex.getMessage());
		}
	}

	/**
	 * The bench's options for the soak's load: the fixed gateway, open model at the
	 * soak's rate, no warm-up inside the load (the soak runs its own before the
	 * baseline), no flame graph, no ceiling, the bench's links and nginx.
	 */
	public BenchOptions benchOptions(Path kitDir) {
		Map<String, String> given = new LinkedHashMap<>();
		given.put("modes", "fixed");
		given.put("rate", String.valueOf(this.rate));
		given.put("duration", String.valueOf(this.durationSeconds));
		given.put("warmup", "0");
		given.put("profile", "off");
		given.put("ceiling", "false");
		given.put("out", this.out.toString());
		return BenchOptions.from(GivenOptions.none(), given, kitDir);
	}

	/** The whole run, from the warm-up to the after snapshot, for the log. */
	public String describe() {
		return String.format("%.1f requests/s (%s) for %d s, warm-up %d s, settle %d s", this.rate, this.rateSource,
				this.durationSeconds, this.warmupSeconds, this.settleSeconds);
	}

}
