package dev.gatewaykit.bench.cli;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The regression gate's limits, the same for {@code ./kit compare} and
 * {@code ./kit bench --compare}: how much worse a metric's median may be before it counts
 * as a regression, and whether to compare runs that differ.
 */
public final class GateOptionGroup {

	@Option(names = "--max-tps-drop", paramLabel = "PCT", description = "how much TPS may drop, in %% (default 10)")
	@Nullable String maxTpsDrop;

	@Option(names = "--max-p99-rise", paramLabel = "PCT", description = "how much p99 may rise, in %% (default 20)")
	@Nullable String maxP99Rise;

	@Option(names = "--max-cpu-rise", paramLabel = "PCT",
			description = "how much the gateway's CPU µs per request may rise, in %% (default 10)")
	@Nullable String maxCpuRise;

	@Option(names = "--force",
			description = "compare runs whose parameters, machine or versions differ, and say what differs")
	boolean force;

}
