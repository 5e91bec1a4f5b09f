package dev.gatewaykit.bench.model;

import java.util.List;

/**
 * Per-second figures of one run ({@code timeseries.json}), for the charts.
 *
 * @param schema format version of this file
 * @param label the run's label
 * @param warmupSeconds warm-up length: seconds with {@code t < 0} are warm-up
 * @param durationSeconds measured window length: seconds with
 * {@code t >= durationSeconds} are the tail
 * @param seconds one entry per second that saw a completion
 */
public record TimeSeries(int schema, String label, int warmupSeconds, int durationSeconds, List<Second> seconds) {

	public static final int SCHEMA = 1;

	public TimeSeries {
		seconds = (seconds != null) ? List.copyOf(seconds) : List.of();
	}

	/**
	 * One second of a run.
	 *
	 * @param t seconds since the measured window opened (negative during warm-up)
	 * @param ok OK completions in that second, i.e. that second's TPS
	 * @param ko failed completions
	 * @param latencyMs latency of that second's OK responses ({@code null} when there
	 * were none)
	 * @param okHistogram the same latencies as an encoded histogram
	 * ({@link LatencyHistograms}), so spans of seconds can be merged exactly;
	 * {@code null} when there were none, and in files written before it existed
	 * @param earliestSentMs when the oldest request completed in that second was sent, in
	 * ms since the window opened (a response's completion minus its response time): after
	 * a mode switch, the first second whose requests were all sent after it is the first
	 * that shows the new mode alone; {@code null} in files written before it existed
	 */
	public record Second(int t, long ok, long ko, Latency latencyMs, String okHistogram, Long earliestSentMs) {

		public Second(int t, long ok, long ko, Latency latencyMs) {
			this(t, ok, ko, latencyMs, null, null);
		}

	}

}
