package dev.gatewaykit.bench.gate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.paired.GateMetric;
import dev.gatewaykit.bench.analysis.paired.PairedGate;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.stack.GatewaySelection;

/**
 * What {@code ./kit gate} was asked to do.
 *
 * @param baseline side A
 * @param candidate side B
 * @param selection the profile (or mode) both sides start with
 * @param rate the load's requests a second; empty: a share of the capacity the
 * calibration implies
 * @param share that share
 * @param jvms warm gateway JVMs per side, alternated pair by pair
 * @param warmup how long each JVM is ramped to its first rate and held before its burst
 * @param maxWarmup the longest a JVM may take to keep up with the rate
 * @param settle load on a JVM before its window opens, each case
 * @param window each case's measured window
 * @param gate the statistics' rule and limits
 * @param maxTime how long the gate may take, from the stack's start: no pair past the
 * minimum starts that would end later; zero for no limit
 * @param blockHound BlockHound recording in every gateway
 * @param users demo users whose tokens the load sends
 * @param out the run's directory
 */
public record GateOptions(GateSide baseline, GateSide candidate, GatewaySelection selection, Optional<Double> rate,
		double share, int jvms, Duration warmup, Duration maxWarmup, Duration settle, Duration window, PairedGate gate,
		Duration maxTime, boolean blockHound, int users, Path out) {

	/**
	 * The calibration's share of the implied capacity, unless told otherwise. At 0.6
	 * (803-1188/s) a Burn of 55 µs added 21-49 µs to the gateway's CPU per request: near
	 * saturation CPU per request is compressed. At 0.4 (661/s, the cores 63-71 % busy) it
	 * added 75 µs, the burn and the filter's own cost.
	 */
	public static final double DEFAULT_SHARE = 0.4;

	public static GateOptions from(GivenOptions args, Path kitDir) {
		GateSide baseline = new GateSide("baseline", args.string("baseline", ""), args.all("baseline-arg"));
		GateSide candidate = new GateSide("candidate", args.string("candidate", ""), args.all("candidate-arg"));
		GatewaySelection selection;
		try {
			selection = GatewaySelection.parse(args.string("profile", "fixed"));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--profile: " + ex.getMessage());
		}
		if (selection.mvcMode().isPresent()) {
			// The gate builds the WebFlux gateway at two refs; gateway-mvc is not built.
			throw new UsageException("--profile " + selection.mvcMode().get().id()
					+ ": the gate compares two builds of the WebFlux gateway; gateway-mvc is not gated yet");
		}
		Optional<Double> rate = args.has("rate") ? Optional.of(args.decimal("rate", 1)) : Optional.empty();
		// At most 0.95: a gate measures below saturation.
		double share = args.decimal("share", DEFAULT_SHARE, 0.05, 0.95);
		Map<GateMetric, Double> limits = new LinkedHashMap<>();
		for (GateMetric metric : GateMetric.values()) {
			String given = args.string("limit-" + metric.id(), null);
			if (given == null) {
				if (metric.gatedByDefault()) {
					limits.put(metric, metric.defaultLimitPct());
				}
			}
			else if (!given.strip().equalsIgnoreCase("off")) {
				limits.put(metric, args.decimal("limit-" + metric.id(), 0.1));
			}
		}
		PairedGate gate;
		try {
			gate = new PairedGate(args.integer("min-pairs", PairedGate.DEFAULT_MIN_PAIRS, 1, 100),
					args.integer("max-pairs", PairedGate.DEFAULT_MAX_PAIRS, 1, 100),
					args.decimal("confidence", PairedGate.DEFAULT_CONFIDENCE, 0.5), limits,
					args.decimal("max-error-rise", 0.5, 0));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		int warmup = args.integer("warmup-seconds", 20, 5, 600);
		int maxWarmup = args.integer("max-warmup-seconds", 120, warmup, 1200);
		Path out = args.outDir(kitDir, "gate-");
		return new GateOptions(baseline, candidate, selection, rate, share, args.integer("jvms", 2, 1, 8),
				Duration.ofSeconds(warmup), Duration.ofSeconds(maxWarmup),
				Duration.ofSeconds(args.integer("settle-seconds", 2, 1, 60)),
				Duration.ofSeconds(args.integer("window-seconds", 10, 2, 300)), gate,
				Duration.ofMinutes(args.integer("max-minutes", 10, 0, 1440)), !args.flag("no-blockhound"),
				args.integer("users", 50, 1, 1000), out);
	}

}
