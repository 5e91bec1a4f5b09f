package dev.gatewaykit.bench.analysis.knee;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * What a rate must meet to be sustained.
 *
 * @param maxP99Ms the highest p99 allowed, ms (default 200: the incident's "fixed" target
 * was 200 ms response time)
 * @param maxErrorPct the most requests that may fail, % (default 0.1)
 */
public record KneeCriteria(double maxP99Ms, double maxErrorPct) {

	public static final double DEFAULT_P99_MS = 200;

	public static final double DEFAULT_ERROR_PCT = 0.1;

	public KneeCriteria {
		if (!(maxP99Ms > 0) || !(maxErrorPct >= 0)) {
			throw new IllegalArgumentException(
					"the p99 target must be above 0 ms and the error limit at least 0 %, were " + maxP99Ms + " and "
							+ maxErrorPct);
		}
	}

	/**
	 * Whether a window of {@code requests} with {@code errors} and {@code p99Ms} meets
	 * both limits; a window with no requests meets nothing.
	 */
	public boolean met(long requests, long errors, double p99Ms) {
		return requests > 0 && p99Ms <= this.maxP99Ms && 100.0 * errors / requests <= this.maxErrorPct;
	}

	public String describe() {
		return String.format(Locale.ROOT, "p99 ≤ %.0f ms, errors ≤ %s %%", this.maxP99Ms,
				new BigDecimal(Double.toString(this.maxErrorPct)).stripTrailingZeros().toPlainString());
	}

}
