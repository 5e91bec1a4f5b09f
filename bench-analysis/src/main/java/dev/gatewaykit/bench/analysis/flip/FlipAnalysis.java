package dev.gatewaykit.bench.analysis.flip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.LittlesLaw;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;

/**
 * Splits a measured window at a mode switch into "before" and "after" figures, from the
 * per-second data.
 * <p>
 * Which seconds count, and why:
 * <ul>
 * <li><b>before</b>: the whole seconds that ended before the switch was requested. Every
 * response in them came from the old mode.</li>
 * <li><b>left out</b>: the second the switch was requested in, up to the confirmation,
 * and then the seconds that still completed requests sent before the confirmation. Those
 * requests carry the old mode's queueing in their latency (a blocking gateway holds
 * requests for seconds), so they describe the drain of the old mode, not the new one. The
 * span is recorded in the summary and shaded in the charts: nothing is hidden.</li>
 * <li><b>after</b>: the whole seconds from the first one after which every completed
 * request was sent after the confirmation (each second records its oldest request's send
 * time), to the end of the window. For per-second figures written without send times, the
 * after side starts {@code max(2 s, the before side's p99)} after the confirmation
 * instead: by then 99 % of the requests sent before it have completed.</li>
 * </ul>
 * TPS is OK completions ÷ seconds (a second without completions counts as 0). Latency
 * percentiles are exact: the per-second histograms are merged, not averaged.
 */
public final class FlipAnalysis {

	/** The shortest drain assumed when the per-second figures carry no send times. */
	public static final int MIN_SETTLE_SECONDS = 2;

	static final String SENT_AFTER = "from the first whole second after which every completed request was sent after "
			+ "the confirmation";

	static final String P99_SETTLE = "max(2 s, the before side's p99) after the confirmation (this timeseries.json "
			+ "records no send times)";

	private FlipAnalysis() {
	}

	/**
	 * @param mode the run directory's name
	 * @param event what the flipper recorded
	 * @param windowStartEpochMs when the measured window opened (the simulation's
	 * {@code measured.json})
	 * @param series the run's per-second figures
	 * @param gateway the gateway's thread counts, for the predictions ({@code null}:
	 * unknown)
	 * @param links the run's link latencies
	 * @param workload the offered load
	 */
	public static FlipSummary analyse(String mode, FlipEvent event, long windowStartEpochMs, TimeSeries series,
			GatewayFacts gateway, LinkLatencies links, Workload workload) {
		int duration = series.durationSeconds();
		Double requestedAt = secondsSince(windowStartEpochMs, event.requestedAtEpochMs());
		Double confirmedAt = event.confirmed() ? secondsSince(windowStartEpochMs, event.confirmedAtEpochMs()) : null;
		FlipSummary.Side before = null;
		FlipSummary.Side after = null;
		int excludedFrom = 0;
		int excludedTo = duration;
		int drain = 0;
		String rule = null;
		if (requestedAt != null) {
			excludedFrom = clamp((int) Math.floor(requestedAt), 0, duration);
			if (excludedFrom > 0) {
				before = side(event.from(), 0, excludedFrom, series, gateway, links, workload);
			}
			if (confirmedAt != null) {
				int firstAfter = clamp((int) Math.ceil(confirmedAt), excludedFrom, duration);
				if (hasSendTimes(series, firstAfter)) {
					excludedTo = firstSecondSentAfter(series, firstAfter, Math.round(confirmedAt * 1000));
					rule = SENT_AFTER;
				}
				else {
					double beforeP99Seconds = (before != null) ? before.latencyMs().p99() / 1000.0 : 0;
					int settle = Math.max(MIN_SETTLE_SECONDS, (int) Math.ceil(beforeP99Seconds));
					excludedTo = clamp((int) Math.ceil(confirmedAt + settle), firstAfter, duration);
					rule = P99_SETTLE;
				}
				drain = excludedTo - firstAfter;
				if (excludedTo < duration) {
					after = side(event.to(), excludedTo, duration, series, gateway, links, workload);
				}
			}
		}
		Double ratio = (before != null && after != null && before.tps() > 0) ? after.tps() / before.tps() : null;
		return new FlipSummary(mode, event.from(), event.to(), event.via(), label(event), event.confirmed(),
				event.error(), event.atSeconds(), requestedAt, confirmedAt, event.requestedAtEpochMs(),
				event.confirmedAtEpochMs(), drain, rule, excludedFrom, excludedTo, before, after, ratio);
	}

	/**
	 * {@code blocking → reactive (via actuator)}; says so when the switch was not
	 * confirmed.
	 */
	public static String label(FlipEvent event) {
		String label = event.from() + " → " + event.to() + " (via " + event.via() + ")";
		return event.confirmed() ? label : label + ": NOT confirmed";
	}

	private static boolean hasSendTimes(TimeSeries series, int from) {
		return series.seconds()
			.stream()
			.filter((second) -> second.t() >= from && second.t() < series.durationSeconds())
			.allMatch((second) -> second.earliestSentMs() != null);
	}

	/**
	 * The earliest whole second {@code s >= from} such that every request completed in
	 * {@code [s, duration)} was sent at or after {@code sentAfterMs} (ms since the window
	 * opened); {@code duration} when there is none.
	 */
	static int firstSecondSentAfter(TimeSeries series, int from, long sentAfterMs) {
		Map<Integer, TimeSeries.Second> bySecond = new HashMap<>();
		series.seconds().forEach((second) -> bySecond.put(second.t(), second));
		int start = series.durationSeconds();
		for (int t = series.durationSeconds() - 1; t >= from; t--) {
			TimeSeries.Second second = bySecond.get(t);
			if (second != null && second.earliestSentMs() < sentAfterMs) {
				break;
			}
			start = t;
		}
		return start;
	}

	/** The figures of the whole seconds {@code [from, to)}. */
	static FlipSummary.Side side(String mode, int from, int to, TimeSeries series, GatewayFacts gateway,
			LinkLatencies links, Workload workload) {
		long ok = 0;
		long ko = 0;
		boolean exact = true;
		List<String> histograms = new ArrayList<>();
		List<Latency> perSecond = new ArrayList<>();
		for (TimeSeries.Second second : series.seconds()) {
			if (second.t() < from || second.t() >= to) {
				continue;
			}
			ok += second.ok();
			ko += second.ko();
			if (second.ok() > 0) {
				if (second.okHistogram() != null) {
					histograms.add(second.okHistogram());
				}
				else {
					exact = false;
				}
				if (second.latencyMs() != null) {
					perSecond.add(second.latencyMs());
				}
			}
		}
		Latency latency = exact ? LatencyHistograms.latency(LatencyHistograms.merge(histograms))
				: upperBound(perSecond);
		double errorPct = (ok + ko == 0) ? 0 : ko * 100.0 / (ok + ko);
		return new FlipSummary.Side(mode, from, to, ok, ko, ok / (double) (to - from), errorPct, latency, exact,
				LittlesLaw.predict(BenchModes.executionMode(mode), gateway, links, workload));
	}

	/**
	 * Without histograms: the largest per-second figure of each kind, which the span's
	 * own cannot exceed.
	 */
	private static Latency upperBound(List<Latency> perSecond) {
		return new Latency(perSecond.stream().mapToDouble(Latency::mean).max().orElse(0),
				perSecond.stream().mapToDouble(Latency::p50).max().orElse(0),
				perSecond.stream().mapToDouble(Latency::p90).max().orElse(0),
				perSecond.stream().mapToDouble(Latency::p99).max().orElse(0),
				perSecond.stream().mapToDouble(Latency::max).max().orElse(0));
	}

	private static Double secondsSince(long windowStartEpochMs, Long epochMs) {
		return (epochMs != null) ? (epochMs - windowStartEpochMs) / 1000.0 : null;
	}

	private static int clamp(int value, int min, int max) {
		return Math.max(min, Math.min(max, value));
	}

}
