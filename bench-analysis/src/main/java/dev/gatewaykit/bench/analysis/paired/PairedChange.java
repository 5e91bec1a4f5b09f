package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.List;

/**
 * The change from a baseline to a candidate, estimated from interleaved pairs: the
 * Hodges–Lehmann estimate of the median of the pairs' log ratios (the median of every
 * pairwise mean of them), and its distribution-free confidence interval from the Wilcoxon
 * signed-rank test, turned back into percentages. Neither assumes the figures are normal,
 * and a pair is compared only with its own partner, so a drift of the machine over the
 * run falls out.
 *
 * @param pairs how many pairs
 * @param estimatePct the estimated change, % (+5 = the candidate 5 % higher)
 * @param lowPct the interval's lower end, %; {@code -Infinity} with too few pairs
 * @param highPct its upper end, %; {@code +Infinity} with too few pairs
 * @param confidence the interval's confidence, for example 0.95
 */
public record PairedChange(int pairs, double estimatePct, double lowPct, double highPct, double confidence) {

	/**
	 * The smallest change this run could tell from none: half the interval's width. A
	 * change smaller than this may be there and unseen.
	 */
	public double detectablePct() {
		return (this.highPct - this.lowPct) / 2;
	}

	/**
	 * The change from {@code baseline} to {@code candidate}, pair by pair (the i-th of
	 * each measured next to each other).
	 * @throws IllegalArgumentException when the lists differ in length, are empty, or
	 * hold a figure that is not positive (a ratio needs both sides above zero)
	 */
	public static PairedChange of(List<Double> baseline, List<Double> candidate, double confidence) {
		if (baseline.size() != candidate.size() || baseline.isEmpty()) {
			throw new IllegalArgumentException("pairs need as many baseline as candidate figures, at least one: "
					+ baseline.size() + " vs " + candidate.size());
		}
		if (!(confidence > 0 && confidence < 1)) {
			throw new IllegalArgumentException("confidence must be between 0 and 1: " + confidence);
		}
		int n = baseline.size();
		double[] logRatios = new double[n];
		for (int i = 0; i < n; i++) {
			double a = baseline.get(i);
			double b = candidate.get(i);
			if (!(a > 0 && b > 0) || Double.isInfinite(a) || Double.isInfinite(b)) {
				throw new IllegalArgumentException(
						"pair " + (i + 1) + " has a figure that is not positive: " + a + " and " + b);
			}
			logRatios[i] = Math.log(b / a);
		}
		List<Double> walsh = new ArrayList<>(n * (n + 1) / 2);
		for (int i = 0; i < n; i++) {
			for (int j = i; j < n; j++) {
				walsh.add((logRatios[i] + logRatios[j]) / 2);
			}
		}
		walsh.sort(Double::compare);
		double estimate = median(walsh);
		int critical = SignedRank.lowerCritical(n, 1 - confidence);
		double low = (critical < 0) ? Double.NEGATIVE_INFINITY : percent(walsh.get(critical));
		double high = (critical < 0) ? Double.POSITIVE_INFINITY : percent(walsh.get(walsh.size() - 1 - critical));
		return new PairedChange(n, percent(estimate), low, high, confidence);
	}

	private static double median(List<Double> sorted) {
		int size = sorted.size();
		return (size % 2 == 1) ? sorted.get(size / 2) : (sorted.get(size / 2 - 1) + sorted.get(size / 2)) / 2;
	}

	private static double percent(double logRatio) {
		return (Math.exp(logRatio) - 1) * 100;
	}

}
