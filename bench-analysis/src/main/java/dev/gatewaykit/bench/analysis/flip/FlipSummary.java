package dev.gatewaykit.bench.analysis.flip;

import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.model.Latency;

/**
 * A mode switch in the middle of a measured window, and the figures on either side of it
 * ({@code summary.json}'s {@code flip}). Computed by {@link FlipAnalysis} from the
 * per-second figures; seconds are counted from the opening of the measured window, and a
 * span {@code [fromSecond, toSecond)} holds the completions of those whole seconds.
 *
 * @param mode the run directory's name ({@code flip})
 * @param from the mode before the switch
 * @param to the mode after it
 * @param via {@code actuator} or {@code nacos}
 * @param label how the charts name the switch, e.g.
 * {@code blocking → reactive (via actuator)}
 * @param confirmed whether every gateway reported the new mode
 * @param error why it was not confirmed, {@code null} when it was
 * @param plannedAtSeconds when the switch was asked for, as planned
 * @param requestedAtSeconds when it was asked for, {@code null} if it never was
 * @param confirmedAtSeconds when the last gateway reported the new mode, {@code null} if
 * not confirmed
 * @param requestedAtEpochMs wall-clock time of the request
 * @param confirmedAtEpochMs wall-clock time of the confirmation
 * @param drainSeconds whole seconds after the confirmation left out because they still
 * completed requests sent before it (see {@link FlipAnalysis})
 * @param afterRule how the start of the "after" figures was chosen, in words
 * @param excludedFromSecond first second left out of both sides
 * @param excludedToSecond first second after the left-out span
 * @param before the figures before the switch, {@code null} when no whole second precedes
 * it
 * @param after the figures after it, {@code null} when not confirmed or no whole second
 * is left after settling
 * @param tpsRatio after TPS ÷ before TPS, {@code null} without both sides
 */
public record FlipSummary(String mode, String from, String to, String via, String label, boolean confirmed,
		String error, double plannedAtSeconds, Double requestedAtSeconds, Double confirmedAtSeconds,
		Long requestedAtEpochMs, Long confirmedAtEpochMs, int drainSeconds, String afterRule, int excludedFromSecond,
		int excludedToSecond, Side before, Side after, Double tpsRatio) {

	/**
	 * One side of the switch.
	 *
	 * @param mode the execution mode in force
	 * @param fromSecond first second (inclusive)
	 * @param toSecond last second (exclusive)
	 * @param ok OK responses completed in those seconds
	 * @param ko failed requests completed in those seconds
	 * @param tps OK responses per second
	 * @param errorPct failed requests as a percentage of completed ones
	 * @param latencyMs latency of the OK responses
	 * @param latencyExact {@code true}: merged from the per-second histograms;
	 * {@code false} (older timeseries.json without histograms): each figure is the
	 * largest per-second one, an upper bound
	 * @param prediction Little's law for this side's mode
	 */
	public record Side(String mode, int fromSecond, int toSecond, long ok, long ko, double tps, double errorPct,
			Latency latencyMs, boolean latencyExact, Prediction prediction) {

		public int seconds() {
			return this.toSecond - this.fromSecond;
		}

	}

}
