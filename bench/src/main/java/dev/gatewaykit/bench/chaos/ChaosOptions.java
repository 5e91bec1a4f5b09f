package dev.gatewaykit.bench.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import dev.gatewaykit.bench.analysis.chaos.ChaosPlan;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * What {@code ./kit chaos} was asked to do. The defaults run every fault in every mode in
 * about twenty minutes on a 2-core machine.
 *
 * @param modes the execution modes, one gateway each
 * @param faults the faults, in order, on every mode's gateway
 * @param lifecycle the connection-lifecycle faults, in order, after the link faults
 * @param rate the load's requests per second
 * @param baseline the clean load before each fault
 * @param fault how long each fault lasts
 * @param recovery the longest the watch after a lift lasts (it ends earlier once the
 * answers have been 2xx for {@link #SETTLED})
 * @param margin what an answer may take beyond its link's timeout
 * @param recoveryTarget the most a recovery may take
 * @param users how many demo users' tokens the load uses
 * @param out the run's directory
 */
public record ChaosOptions(List<ExecutionMode> modes, List<Fault> faults, List<LifecycleFault> lifecycle, int rate,
		Duration baseline, Duration fault, Duration recovery, Duration margin, Duration recoveryTarget, int users,
		Path out) {

	/** The timing the report states beside the outcomes. */
	public ChaosPlan plan() {
		return new ChaosPlan(this.rate, this.baseline, this.fault, this.margin, this.recoveryTarget);
	}

	/** The value of a list option that asks for none of its items. */
	public static final String NONE = "none";

	/** How long the answers must have been all 2xx for a watch to end early. */
	public static final Duration SETTLED = Duration.ofSeconds(3);

	public ChaosOptions {
		modes = List.copyOf(modes);
		faults = List.copyOf(faults);
		lifecycle = List.copyOf(lifecycle);
	}

	public static ChaosOptions from(GivenOptions args, Path kitDir) {
		List<ExecutionMode> modes = list(args.string("modes", ""), ExecutionMode::of,
				Arrays.asList(ExecutionMode.values()), "--modes");
		List<Fault> faults = list(args.string("faults", ""), Fault::of, Arrays.asList(Fault.values()), "--faults");
		List<LifecycleFault> lifecycle = list(args.string("lifecycle", ""), LifecycleFault::of,
				Arrays.asList(LifecycleFault.values()), "--lifecycle");
		if ((modes.isEmpty() || faults.isEmpty()) && lifecycle.isEmpty()) {
			throw new UsageException("nothing to run: no link fault in any mode and no --lifecycle fault");
		}
		int recoveryTarget = 5;
		int recovery = args.integer("recovery-seconds", 20, recoveryTarget + 1, 120);
		Path out = args.outDir(kitDir, "chaos-");
		return new ChaosOptions(modes, faults, lifecycle, args.integer("rate", 50, 1, 500),
				Duration.ofSeconds(args.integer("baseline-seconds", 3, 1, 60)),
				Duration.ofSeconds(args.integer("fault-seconds", 6, 1, 120)), Duration.ofSeconds(recovery),
				Duration.ofMillis(args.integer("margin-ms", 1000, 0, 60_000)), Duration.ofSeconds(recoveryTarget),
				args.integer("users", 10, 1, 1000), out);
	}

	/**
	 * The longest a request of the load may wait before the client gives up: above every
	 * link's timeout plus the margin, so that a gateway that ignores a timeout is seen.
	 */
	public Duration clientTimeout() {
		Duration longest = Arrays.stream(Link.values()).map(Link::timeout).max(Duration::compareTo).orElseThrow();
		return longest.plus(this.margin).multipliedBy(3);
	}

	private static <T> List<T> list(String given, Function<String, T> parse, List<T> all, String option) {
		if (given.isBlank()) {
			return all;
		}
		if (given.strip().equals(NONE)) {
			return List.of();
		}
		List<T> values = new ArrayList<>();
		for (String name : given.split(",")) {
			T value;
			try {
				value = parse.apply(name.strip());
			}
			catch (IllegalArgumentException ex) {
				throw new UsageException(option + ": " + ex.getMessage());
			}
			if (values.contains(value)) {
				throw new UsageException(option + ": '" + name.strip() + "' is listed twice");
			}
			values.add(value);
		}
		return values;
	}

}
