package dev.gatewaykit.bench.analysis.repeat;

import java.util.Optional;

import dev.gatewaykit.bench.analysis.summary.ModeSummary;

/**
 * One repeat of a mode: the figures the gate compares.
 *
 * @param repeat 1..N, in the order the repeats ran
 * @param dir the repeat's directory, relative to the run
 * @param valid whether its TPS may be quoted (errors within the limit)
 * @param tps OK responses per second in the window
 * @param p99Ms p99 latency of the OK responses
 * @param errorPct failed requests in percent
 * @param gatewayCpuMicros the gateway's CPU time per request, when the kit could measure
 * it (its own or a {@code --gateway-jar} gateway; not a {@code --target-url} one without
 * a PID)
 */
public record Sample(int repeat, String dir, boolean valid, double tps, double p99Ms, double errorPct,
		Optional<Double> gatewayCpuMicros) {

	/** The process name under which the bench records the gateway's CPU. */
	public static final String GATEWAY = "gateway";

	public static Sample of(int repeat, String dir, ModeSummary summary) {
		Optional<Double> cpu = Optional.ofNullable(summary.diagnostics())
			.flatMap((diagnostics) -> Optional.ofNullable(diagnostics.cpuMicrosPerRequest().get(GATEWAY)));
		return new Sample(repeat, dir, summary.valid(), summary.tps(), summary.latencyMs().p99(), summary.errorPct(),
				cpu);
	}

}
