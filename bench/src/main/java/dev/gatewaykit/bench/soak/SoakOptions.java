package dev.gatewaykit.bench.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.analysis.soak.LeakReports;
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
 * @param leakDetection Netty's leak-detection level in the gateway
 * @param out the run directory
 */
public record SoakOptions(int durationSeconds, double rate, String rateSource, int warmupSeconds, int idleSeconds,
		int settleSeconds, int intervalSeconds, String leakDetection, Path out) {

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
	 * Sampled like Netty's default ({@code simple}), so the gateway sustains 70 % of its
	 * knee with it, and each report says where the buffer was last touched.
	 */
	static final String DEFAULT_LEAK_DETECTION = "advanced";

	/**
	 * The load's first seconds, kept out of its judged window like a bench's warm-up: the
	 * injector is a fresh JVM that logs its users in first (auth-service's password
	 * hashing) and then starts at the full rate, which on a 2-core machine shared with it
	 * saturated every core for 30 s (docs/soak.md). The gateway is warm by then: the
	 * soak's own warm-up came before the baseline.
	 */
	static final int LOAD_START_SECONDS = 30;

	/**
	 * The wait after the load before the after snapshot: past the gateway's pool idle
	 * time (15 s) and its background eviction's period (5 s), so that idle connections
	 * have been closed, and past mall-api's 20 s keep-alive.
	 */
	static final int DEFAULT_SETTLE_SECONDS = 30;

	/** What a {@code ./kit knee} run writes. */
	static final String KNEE_JSON = "knee.json";

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
			rate = args.decimalWithin("rate", 0.1, MAX_RATE);
			source = "--rate";
		}
		else {
			// A share of the measured capacity.
			double fraction = args.decimal("fraction", DEFAULT_FRACTION, 0.01, 1);
			Path run = args.has("from-run") ? args.path("from-run").toAbsolutePath().normalize() : lastRun(kitDir);
			Capacity capacity = Files.isRegularFile(run.resolve(KNEE_JSON)) ? fixedKnee(run) : fixedTps(run);
			rate = Math.round(capacity.rate() * fraction * 10) / 10.0;
			if (rate < 0.1) {
				throw new BadInputException(capacity.what() + " is too low to soak at a share of it; give --rate R");
			}
			source = String.format("%.0f %% of %s", fraction * 100, capacity.what());
		}
		String leakDetection = args.string("leak-detection", DEFAULT_LEAK_DETECTION);
		if (!LeakReports.LEVELS.contains(leakDetection)) {
			throw new UsageException(
					"--leak-detection must be one of " + LeakReports.LEVELS + ", was '" + leakDetection + "'");
		}
		Path out = args.outDir(kitDir, "soak-");
		return new SoakOptions(duration, rate, source, args.integer("warmup", 30, 5, 600), 5,
				args.integer("settle", DEFAULT_SETTLE_SECONDS, 5, 300), args.integer("interval", 5, 1, 60),
				leakDetection, out);
	}

	/** A measured capacity of the fixed gateway and where it was read. */
	record Capacity(double rate, String what) {
	}

	/**
	 * The fixed gateway's knee in a {@code ./kit knee} run's {@code knee.json}: the
	 * highest open-model rate it served within the latency target.
	 * @throws BadInputException when it has no fixed mode with a knee
	 */
	static Capacity fixedKnee(Path run) {
		Path knee = run.resolve(KNEE_JSON);
		for (JsonNode result : BenchJson.readTree(knee).path("results")) {
			if ("fixed".equals(result.path("mode").asString(""))) {
				double rate = result.path("kneeRate").asDouble(0);
				if (rate > 0) {
					return new Capacity(rate, String.format("the fixed gateway's knee, %.0f requests/s, in %s%s", rate,
							knee, result.path("resolved").asBoolean(false) ? "" : " (unresolved: a lower bound)"));
				}
			}
		}
		throw new BadInputException(knee + " has no fixed mode with a knee: run ./kit knee with fixed among "
				+ "--modes, or give --rate R");
	}

	/**
	 * The fixed gateway's measured throughput in a bench run's {@code summary.json}.
	 * @throws BadInputException when there is no such file or it has no fixed mode
	 */
	static Capacity fixedTps(Path run) {
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
					return new Capacity(tps, String.format("the fixed gateway's %.1f TPS in %s", tps, summary));
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
	 * soak's rate, {@link #LOAD_START_SECONDS} before its window, no flame graph, no
	 * ceiling, the bench's links and nginx.
	 */
	public BenchOptions benchOptions(Path kitDir) {
		Map<String, String> given = new LinkedHashMap<>();
		given.put("modes", "fixed");
		given.put("rate", String.valueOf(this.rate));
		given.put("duration", String.valueOf(this.durationSeconds));
		given.put("warmup", String.valueOf(LOAD_START_SECONDS));
		given.put("profile", "off");
		given.put("ceiling", "false");
		given.put("out", this.out.toString());
		return BenchOptions.from(GivenOptions.none(), given, kitDir);
	}

	/** The whole run, from the warm-up to the after snapshot, for the log. */
	public String describe() {
		return String.format("%.1f requests/s (%s) for %d s, warm-up %d s, settle %d s, leak detection %s", this.rate,
				this.rateSource, this.durationSeconds, this.warmupSeconds, this.settleSeconds, this.leakDetection);
	}

}
