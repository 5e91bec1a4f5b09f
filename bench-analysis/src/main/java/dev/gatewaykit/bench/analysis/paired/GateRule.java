package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * When the gate stops measuring: after each pair every metric gets its call; the gate
 * goes on while a metric is {@link GateCall#UNSURE} and it has fewer than
 * {@code maxPairs}, and never stops before {@code minPairs} (below six pairs a 95 %
 * interval does not exist).
 *
 * @param minPairs pairs before the first look
 * @param maxPairs the cap: UNSURE there is the answer
 * @param confidence the intervals' confidence
 * @param limitPct the change (±%) a metric may make and still be "no change"
 */
public record GateRule(int minPairs, int maxPairs, double confidence, double limitPct) {

	public GateRule {
		if (minPairs < 1 || maxPairs < minPairs) {
			throw new IllegalArgumentException("pairs: need 1 <= min <= max, got " + minPairs + " and " + maxPairs);
		}
	}

	/** What the pairs so far say: the call and whether to measure another pair. */
	public Step step(List<Double> baseline, List<Double> candidate) {
		PairedChange change = PairedChange.of(baseline, candidate, this.confidence);
		GateCall call = GateCall.of(change, this.limitPct);
		boolean more = baseline.size() < this.minPairs || (!call.decided() && baseline.size() < this.maxPairs);
		return new Step(change, call, more);
	}

	/**
	 * The gate run to its end on pairs drawn from recorded ones (with replacement), the
	 * candidate's figures scaled by {@code 1 + effectPct / 100}: how the gate would have
	 * called a change of that size on this machine's noise. Run many times, the share of
	 * REGRESSION calls is the false-alarm rate (effect 0) or the detection rate.
	 */
	public GateCall simulate(List<Double> baseline, List<Double> candidate, double effectPct, Random random) {
		if (baseline.size() != candidate.size() || baseline.isEmpty()) {
			throw new IllegalArgumentException("recorded pairs needed: " + baseline.size() + " vs " + candidate.size());
		}
		List<Double> a = new ArrayList<>();
		List<Double> b = new ArrayList<>();
		while (true) {
			int pick = random.nextInt(baseline.size());
			a.add(baseline.get(pick));
			b.add(candidate.get(pick) * (1 + effectPct / 100));
			if (a.size() >= this.minPairs) {
				Step step = step(a, b);
				if (!step.more()) {
					return step.call();
				}
			}
		}
	}

	/**
	 * One look at the pairs.
	 *
	 * @param change the change they estimate
	 * @param call its call against the limit
	 * @param more whether to measure another pair
	 */
	public record Step(PairedChange change, GateCall call, boolean more) {
	}

}
