package dev.gatewaykit.bench.analysis.repeat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.gatewaykit.bench.model.Numbers;

/**
 * The median and the range of one figure over a mode's repeats. A single run is a range
 * of one point.
 *
 * @param median the middle value (the mean of the two middle ones for an even count)
 * @param min the smallest
 * @param max the largest
 * @param n how many values
 */
public record Stat(double median, double min, double max, int n) {

	public Stat {
		if (n < 1 || !(min <= median && median <= max)) {
			throw new IllegalArgumentException(
					"a stat needs at least one value and min <= median <= max, was " + min + "/" + median + "/" + max);
		}
	}

	public static Stat of(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("no values");
		}
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		int n = sorted.size();
		double median = ((n % 2) == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
		return new Stat(median, sorted.get(0), sorted.get(n - 1), n);
	}

	/**
	 * {@code median [min–max]} with {@code decimals} decimals, as the tables print it.
	 */
	public String describe(int decimals) {
		return Numbers.fixed(this.median, decimals) + " [" + Numbers.fixed(this.min, decimals) + "–"
				+ Numbers.fixed(this.max, decimals) + "]";
	}

	/** The range's width in percent of the median: the run-to-run spread. */
	public double spreadPct() {
		return (this.median == 0) ? 0 : (this.max - this.min) * 100 / this.median;
	}

	/** Whether the two ranges share a value: a difference inside the measured spread. */
	public boolean overlaps(Stat other) {
		return this.min <= other.max && other.min <= this.max;
	}

}
