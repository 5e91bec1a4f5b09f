package dev.gatewaykit.bench.analysis.paired;

/**
 * The Wilcoxon signed-rank statistic's exact distribution when nothing changed: each of
 * the ranks 1..n is counted with a sign that is a fair coin, so every one of the 2^n sign
 * patterns is as likely. Exact for the pair counts a gate collects (the count of ways to
 * reach each sum fits a {@code double} up to n = 1000), no normal approximation.
 */
final class SignedRank {

	private SignedRank() {
	}

	/**
	 * The largest {@code c} with {@code P(T+ <= c) <= alpha / 2} for {@code n} pairs; -1
	 * when even {@code T+ = 0} is likelier than that (too few pairs for an interval at
	 * this confidence: with 95 %, five or fewer).
	 */
	static int lowerCritical(int n, double alpha) {
		if (n < 1) {
			return -1;
		}
		double[] ways = ways(n);
		double total = Math.pow(2, n);
		double cumulative = 0;
		int critical = -1;
		for (int t = 0; t < ways.length; t++) {
			cumulative += ways[t];
			if (cumulative / total > alpha / 2) {
				break;
			}
			critical = t;
		}
		return critical;
	}

	/** How many sign patterns of ranks 1..n sum to each t in 0..n(n+1)/2. */
	private static double[] ways(int n) {
		int max = n * (n + 1) / 2;
		double[] ways = new double[max + 1];
		ways[0] = 1;
		for (int rank = 1; rank <= n; rank++) {
			for (int t = max; t >= rank; t--) {
				ways[t] += ways[t - rank];
			}
		}
		return ways;
	}

}
