package dev.gatewaykit.bench.analysis.summary;

import java.util.List;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayMeters;
import dev.gatewaykit.bench.analysis.littleslaw.HoldTime;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.LittlesLaw;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

/**
 * Turns one simulation's {@code measured.json} and {@code timeseries.json}, plus the
 * gateway's self-description, into a {@link ModeSummary}.
 */
public final class Summarizer {

	private Summarizer() {
	}

	/**
	 * @param mode the bench mode name, or {@link ModeSummary#CEILING}
	 * @param measured the simulation's measured window
	 * @param series the simulation's per-second figures
	 * @param gateway the gateway's facts; {@code null} for the ceiling or when the kit
	 * could not fetch them
	 * @param links the link latencies of the run
	 * @param workload the offered load
	 */
	public static ModeSummary summarize(String mode, MeasuredRun measured, TimeSeries series, GatewayFacts gateway,
			LinkLatencies links, Workload workload) {
		return summarize(mode, measured, series, gateway, links, workload, null);
	}

	/**
	 * Likewise, with the gateway's meters read when the window opened and after the run
	 * ({@code null} when not read): they give the measured time each request held a
	 * thread, which Little's law then uses.
	 */
	public static ModeSummary summarize(String mode, MeasuredRun measured, TimeSeries series, GatewayFacts gateway,
			LinkLatencies links, Workload workload, MeterScrapes scrapes) {
		return summarize(mode, measured, series, gateway, links, workload, scrapes, 1);
	}

	/**
	 * Likewise, for {@code instances} gateways behind one nginx ({@code gateway} and the
	 * meters are the first one's; the others run the same build and mode).
	 */
	public static ModeSummary summarize(String mode, MeasuredRun measured, TimeSeries series, GatewayFacts gateway,
			LinkLatencies links, Workload workload, MeterScrapes scrapes, int instances) {
		PhaseStats window = measured.measured();
		double windowSeconds = measured.windowSeconds();
		if (!(windowSeconds > 0)) {
			throw new BadInputException("measured.json has an empty window (" + measured.windowStartEpochMs() + " .. "
					+ measured.windowEndEpochMs() + ")");
		}
		boolean ceiling = ModeSummary.CEILING.equals(mode);
		boolean flip = ModeSummary.FLIP.equals(mode);
		boolean custom = ModeSummary.CUSTOM.equals(mode);
		Optional<MvcMode> mvc = (ceiling || custom) ? Optional.empty() : mvcMode(mode, gateway);
		ExecutionMode execution = (ceiling || custom || mvc.isPresent()) ? null : executionMode(mode, gateway);
		Prediction prediction;
		if (ceiling) {
			prediction = new Prediction(null, "no gateway in the path", Prediction.NONE, null, null);
		}
		else if (custom) {
			prediction = new Prediction(null,
					"your gateway: its threads and the calls its filters make are unknown to the kit, not modelled",
					Prediction.NONE, null, null);
		}
		else if (ModeSummary.VANILLA.equals(mode)) {
			prediction = new Prediction(null, "plain route without the kit's filters: nothing blocks, not modelled",
					Prediction.NONE, null, null);
		}
		else if (flip) {
			// One window, two modes: each side of the switch gets its own prediction
			// (FlipAnalysis).
			prediction = new Prediction(null, "mode switched during the window: see before/after", Prediction.NONE,
					null, null);
		}
		else if (mvc.isPresent()) {
			HoldTime hold = (scrapes != null) ? scrapes.holdTime(HoldTime.poolOf(mvc.get())) : null;
			prediction = LittlesLaw.predict(mvc.get(), gateway, links, workload, hold, instances);
		}
		else {
			HoldTime hold = (scrapes != null) ? scrapes.holdTime(HoldTime.poolOf(execution)) : null;
			prediction = LittlesLaw.predict(execution, gateway, links, workload, hold, instances);
		}
		if (workload.model() == LoadModel.OPEN && !flip && prediction.tps() == null) {
			// An open workload's rate bounds every mode: none completes more than it is
			// sent.
			prediction = new Prediction(workload.rate(), "offered " + Numbers.trim(workload.rate(), 1) + " req/s",
					Prediction.OFFERED_LOAD, prediction.threadBound(), workload.rate());
		}
		return new ModeSummary(ModeSummary.SCHEMA, mode, execution, measured.label(), measured.target(), workload,
				links, windowSeconds, window.ok(), window.ko(), window.ok() / windowSeconds, window.errorPct(),
				window.latencyMs(), tpsSpread(series), RunValidity.of(window), prediction, gateway, measured.login(),
				window.outcomes(), measured.assertions(), measured.warmupOutcome(), null);
	}

	/**
	 * The gateway's meters at the start of the window ({@code null} when that scrape
	 * failed: the run's start, zero, stands in) and after the run.
	 */
	public record MeterScrapes(GatewayMeters windowStart, GatewayMeters end) {

		HoldTime holdTime(String pool) {
			return (this.windowStart != null) ? HoldTime.between(this.windowStart, this.end, pool, HoldTime.WINDOW)
					: HoldTime.between(GatewayMeters.ZERO, this.end, pool, HoldTime.RUN);
		}

	}

	/**
	 * The live gateway's own word wins over the mode name: a gateway started in the wrong
	 * mode should be predicted as what it is, and the mismatch is visible in the summary.
	 */
	static ExecutionMode executionMode(String mode, GatewayFacts gateway) {
		if (gateway != null && gateway.mode() != null && !gateway.mode().isBlank()) {
			return BenchModes.executionMode(gateway.mode());
		}
		return ModeSummary.FLIP.equals(mode) ? null : BenchModes.executionMode(mode);
	}

	/**
	 * gateway-mvc's mode, if the live gateway says it runs one (its word wins, as for the
	 * execution mode), else if the mode name is one.
	 */
	static Optional<MvcMode> mvcMode(String mode, GatewayFacts gateway) {
		if (gateway != null && gateway.mode() != null && !gateway.mode().isBlank()) {
			return BenchModes.mvcMode(gateway.mode());
		}
		return BenchModes.mvcMode(mode);
	}

	/**
	 * Spread of the per-second OK counts over the full seconds of the measured window.
	 */
	static ModeSummary.Spread tpsSpread(TimeSeries series) {
		if (series == null) {
			return ModeSummary.Spread.NONE;
		}
		long[] perSecond = new long[series.durationSeconds()];
		for (TimeSeries.Second second : series.seconds()) {
			if (second.t() >= 0 && second.t() < perSecond.length) {
				perSecond[second.t()] = second.ok();
			}
		}
		if (perSecond.length == 0) {
			return ModeSummary.Spread.NONE;
		}
		double sum = 0;
		long min = Long.MAX_VALUE;
		long max = Long.MIN_VALUE;
		for (long value : perSecond) {
			sum += value;
			min = Math.min(min, value);
			max = Math.max(max, value);
		}
		double mean = sum / perSecond.length;
		double squares = 0;
		for (long value : perSecond) {
			squares += (value - mean) * (value - mean);
		}
		return new ModeSummary.Spread(min, max, Math.sqrt(squares / perSecond.length));
	}

	/**
	 * The modes in the order the reports list them: the naive profile first, the fixed
	 * one last.
	 */
	public static final List<String> MODE_ORDER = List.of("naive", "blocking", "publish-on", "bounded-elastic",
			"reactive", "fixed", MvcMode.PLATFORM.id(), MvcMode.VIRTUAL.id(), ModeSummary.VANILLA, ModeSummary.CUSTOM,
			ModeSummary.FLIP, ModeSummary.CEILING);

	/** Sort key for {@link #MODE_ORDER}; unknown names sort after, by name. */
	public static int order(String mode) {
		int index = MODE_ORDER.indexOf(mode);
		return (index >= 0) ? index : MODE_ORDER.size();
	}

}
