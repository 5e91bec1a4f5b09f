package dev.gatewaykit.bench.analysis.summary;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;
import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.WarmupOutcome;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * Everything the bench reports about one mode ({@code <run>/<mode>/mode-summary.json}):
 * the measured window's throughput, latency and errors, whether the run is valid, and the
 * bound beside it (Little's law or the cores' CPU, whichever binds).
 *
 * @param schema format version of this file
 * @param mode the bench mode name ({@code naive}, {@code reactive}, ..., {@code flip} or
 * {@code ceiling})
 * @param executionMode the execution mode behind it, {@code null} for the ceiling, a
 * user's gateway and gateway-mvc's modes (which are not the WebFlux gateway's execution
 * modes: {@code mode} names them); for {@code flip}, the mode it started in
 * @param label the simulation's label
 * @param target {@code gateway} or {@code ceiling}
 * @param workload the offered load
 * @param links the link latencies the run was made with
 * @param windowSeconds length of the measured window
 * @param ok OK responses in the window
 * @param ko failed requests in the window
 * @param tps OK responses per second in the window
 * @param errorPct failed requests as a percentage of completed ones
 * @param latencyMs latency of the OK responses
 * @param tpsPerSecond spread of the per-second TPS inside the window (periodic TPS
 * "cliffs" show up here)
 * @param validity whether the TPS may be quoted
 * @param prediction the bound that binds this mode: Little's law or the cores' CPU
 * @param gateway the live gateway's facts, {@code null} for the ceiling
 * @param login the setup phase's logins
 * @param outcomes counts per status in the window
 * @param assertions the gates evaluated on the window
 * @param warmup how the warm-up ended, {@code null} in summaries written before it was
 * recorded
 * @param starvation requests waiting unread at the gateway from the first browsing
 * request to the end of the window ({@code sockets.jsonl}), {@code null} when the kit did
 * not sample the gateway's sockets
 * @param diagnostics CPU per request, the per-second runtime series, the flame graph, the
 * event loops mid-window and the blocking calls; {@code null} in summaries written before
 * they existed
 */
public record ModeSummary(int schema, String mode, ExecutionMode executionMode, String label, String target,
		Workload workload, LinkLatencies links, double windowSeconds, long ok, long ko, double tps, double errorPct,
		Latency latencyMs, Spread tpsPerSecond, Validity validity, Prediction prediction, GatewayFacts gateway,
		PhaseStats login, java.util.Map<String, Long> outcomes, List<AssertionResult> assertions, WarmupOutcome warmup,
		StarvationAnalysis starvation, @Nullable Diagnostics diagnostics) {

	public static final int SCHEMA = 1;

	/** A mode's summary in its directory. */
	public static final String FILE = "mode-summary.json";

	public static final String CEILING = "ceiling";

	/**
	 * The run that switches the gateway's mode in the middle of the window
	 * ({@code ./kit bench --flip-at}).
	 */
	public static final String FLIP = "flip";

	/**
	 * The fixed gateway's plain route ({@code StripPrefix} only, no authentication, no
	 * relay call) to mall-api: what Spring Cloud Gateway costs without the kit's filters.
	 */
	public static final String VANILLA = "vanilla";

	/**
	 * The user's gateway ({@code --gateway-jar} or {@code --target-url}): the kit knows
	 * neither its threads nor what its filters call: the CPU the kit sees bounds it.
	 */
	public static final String CUSTOM = "custom";

	/** A summary without diagnostics. */
	public ModeSummary(int schema, String mode, ExecutionMode executionMode, String label, String target,
			Workload workload, LinkLatencies links, double windowSeconds, long ok, long ko, double tps, double errorPct,
			Latency latencyMs, Spread tpsPerSecond, Validity validity, Prediction prediction, GatewayFacts gateway,
			PhaseStats login, java.util.Map<String, Long> outcomes, List<AssertionResult> assertions,
			WarmupOutcome warmup, StarvationAnalysis starvation) {
		this(schema, mode, executionMode, label, target, workload, links, windowSeconds, ok, ko, tps, errorPct,
				latencyMs, tpsPerSecond, validity, prediction, gateway, login, outcomes, assertions, warmup, starvation,
				null);
	}

	/**
	 * Min, max and standard deviation of a series.
	 */
	public record Spread(double min, double max, double stdDev) {

		public static final Spread NONE = new Spread(0, 0, 0);

	}

	/** This summary with the socket sampler's analysis of the same window. */
	public ModeSummary withStarvation(StarvationAnalysis analysis) {
		return new ModeSummary(this.schema, this.mode, this.executionMode, this.label, this.target, this.workload,
				this.links, this.windowSeconds, this.ok, this.ko, this.tps, this.errorPct, this.latencyMs,
				this.tpsPerSecond, this.validity, this.prediction, this.gateway, this.login, this.outcomes,
				this.assertions, this.warmup, analysis, this.diagnostics);
	}

	/** This summary with the window's diagnostics. */
	public ModeSummary withDiagnostics(Diagnostics diagnostics) {
		return new ModeSummary(this.schema, this.mode, this.executionMode, this.label, this.target, this.workload,
				this.links, this.windowSeconds, this.ok, this.ko, this.tps, this.errorPct, this.latencyMs,
				this.tpsPerSecond, this.validity, this.prediction, this.gateway, this.login, this.outcomes,
				this.assertions, this.warmup, this.starvation, diagnostics);
	}

	/** This summary with another bound beside its TPS. */
	public ModeSummary withPrediction(Prediction bound) {
		return new ModeSummary(this.schema, this.mode, this.executionMode, this.label, this.target, this.workload,
				this.links, this.windowSeconds, this.ok, this.ko, this.tps, this.errorPct, this.latencyMs,
				this.tpsPerSecond, this.validity, bound, this.gateway, this.login, this.outcomes, this.assertions,
				this.warmup, this.starvation, this.diagnostics);
	}

	/**
	 * The TPS to set beside the bound: for a CPU bound, the rate of the span its CPU per
	 * request was measured over (the window's first half when the profilers ran in the
	 * second, which costs throughput: measured 2108.7 against 1879.7 TPS), else the
	 * window's.
	 */
	public double boundTps() {
		if (this.diagnostics != null && this.diagnostics.cpuSpanTps() > 0 && this.prediction != null
				&& Prediction.CPU.equals(this.prediction.boundBy())) {
			return this.diagnostics.cpuSpanTps();
		}
		return this.tps;
	}

	public boolean valid() {
		return this.validity != null && this.validity.valid();
	}

}
