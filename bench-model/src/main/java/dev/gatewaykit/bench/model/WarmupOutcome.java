package dev.gatewaykit.bench.model;

/**
 * How a run's warm-up ended ({@code measured.json}, {@code mode-summary.json}). The
 * warm-up's per-second curve is in {@code timeseries.json} (the seconds with
 * {@code t < 0}).
 *
 * @param rule the rule, in words
 * @param seconds how long the warm-up lasted
 * @param steady whether the throughput had settled when the window opened ({@code false}:
 * the longest warm-up ran out first, or the warm-up was fixed and nobody checked)
 * @param lastMeanTps mean OK/s of the last span compared ({@code null} for a fixed
 * warm-up)
 * @param previousMeanTps mean OK/s of the span before it
 */
public record WarmupOutcome(String rule, int seconds, boolean steady, Double lastMeanTps, Double previousMeanTps) {

	/**
	 * For the terminal and the report, e.g.
	 * {@code 23 s, steady at 1834 OK/s (the span before: 1790)}.
	 */
	public String describe() {
		StringBuilder text = new StringBuilder().append(this.seconds).append(" s");
		if (this.lastMeanTps == null) {
			return text.append(" (fixed)").toString();
		}
		text.append(this.steady ? ", steady at " : ", NOT steady at the longest warm-up: ")
			.append(Numbers.trim(this.lastMeanTps, 0))
			.append(" OK/s (the span before: ")
			.append(Numbers.trim(this.previousMeanTps, 0))
			.append(')');
		return text.toString();
	}

}
