package dev.gatewaykit.bench.load;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Chooses one of several alternatives, each as often as its weight says: weights 3 and 1
 * choose the first three times in four.
 */
public final class WeightedChoice {

	/**
	 * Running totals: alternative i owns the draws in [cumulative[i-1], cumulative[i]).
	 */
	private final int[] cumulative;

	public WeightedChoice(List<Integer> weights) {
		if (weights.isEmpty()) {
			throw new IllegalArgumentException("nothing to choose from");
		}
		this.cumulative = new int[weights.size()];
		long total = 0;
		for (int i = 0; i < weights.size(); i++) {
			int weight = weights.get(i);
			if (weight < 1) {
				throw new IllegalArgumentException("weights must be at least 1, was " + weight);
			}
			total += weight;
			if (total > Integer.MAX_VALUE) {
				throw new IllegalArgumentException("the weights add up to more than " + Integer.MAX_VALUE);
			}
			this.cumulative[i] = (int) total;
		}
	}

	/** The index of the alternative chosen. */
	public int next(RandomGenerator random) {
		return choose(random.nextInt(this.cumulative[this.cumulative.length - 1]));
	}

	/** The alternative that owns {@code draw}, from 0 to the total weight less one. */
	int choose(int draw) {
		int found = Arrays.binarySearch(this.cumulative, draw);
		// An exact hit on a running total is the first draw of the next alternative.
		return (found >= 0) ? found + 1 : -found - 1;
	}

}
