package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PairedChangeTests {

	@Test
	void theSignedRankCriticalValuesAreTheTablesOnes() {
		// Two-sided 5 %: the published table (e.g. Hollander & Wolfe) gives T <= 0 for
		// n = 6, 8 for n = 10, 52 for n = 20; below n = 6 no interval exists.
		assertThat(SignedRank.lowerCritical(5, 0.05)).isEqualTo(-1);
		assertThat(SignedRank.lowerCritical(6, 0.05)).isZero();
		assertThat(SignedRank.lowerCritical(10, 0.05)).isEqualTo(8);
		assertThat(SignedRank.lowerCritical(20, 0.05)).isEqualTo(52);
	}

	@Test
	void aConstantRatioIsEstimatedExactlyWithAZeroWidthInterval() {
		List<Double> a = List.of(400.0, 410.0, 395.0, 430.0, 405.0, 420.0, 415.0);
		List<Double> b = a.stream().map((x) -> x * 1.10).toList();

		PairedChange change = PairedChange.of(a, b, 0.95);

		assertThat(change.estimatePct()).isCloseTo(10, within(1e-9));
		assertThat(change.lowPct()).isCloseTo(10, within(1e-9));
		assertThat(change.highPct()).isCloseTo(10, within(1e-9));
		assertThat(GateCall.of(change, 5)).isEqualTo(GateCall.REGRESSION);
	}

	@Test
	void theEstimateIsTheMedianOfThePairwiseMeansOfTheLogRatios() {
		// log ratios ln(1.02), ln(1.04), ln(1.30): the Walsh averages' median is the mean
		// of the first two logs' neighbours; computed by hand below.
		List<Double> a = List.of(100.0, 100.0, 100.0);
		List<Double> b = List.of(102.0, 104.0, 130.0);
		double[] logs = { Math.log(1.02), Math.log(1.04), Math.log(1.30) };
		List<Double> walsh = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			for (int j = i; j < 3; j++) {
				walsh.add((logs[i] + logs[j]) / 2);
			}
		}
		walsh.sort(Double::compare);
		double expected = (Math.exp((walsh.get(2) + walsh.get(3)) / 2) - 1) * 100;

		PairedChange change = PairedChange.of(a, b, 0.95);

		assertThat(change.estimatePct()).isCloseTo(expected, within(1e-9));
		assertThat(change.lowPct()).isEqualTo(Double.NEGATIVE_INFINITY);
		assertThat(GateCall.of(change, 5)).isEqualTo(GateCall.UNSURE);
	}

	@Test
	void theIntervalCoversNoChangeAsOftenAsItsConfidenceSays() {
		// 2 000 simulated A/A gates of 10 pairs with 5 % noise: an exact interval covers
		// zero at least 95 % of the time (it is conservative, so a little more).
		Random random = new Random(20261126);
		int covered = 0;
		int gates = 2000;
		for (int gate = 0; gate < gates; gate++) {
			List<Double> a = new ArrayList<>();
			List<Double> b = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				double drift = 400 + 20 * i;
				a.add(drift * (1 + 0.05 * random.nextGaussian()));
				b.add(drift * (1 + 0.05 * random.nextGaussian()));
			}
			PairedChange change = PairedChange.of(a, b, 0.95);
			if (change.lowPct() <= 0 && change.highPct() >= 0) {
				covered++;
			}
		}
		assertThat(covered / (double) gates).isBetween(0.94, 0.99);
	}

	@Test
	void theCallsFollowTheIntervalAgainstTheLimit() {
		assertThat(GateCall.of(new PairedChange(12, 10, 6, 14, 0.95), 5)).isEqualTo(GateCall.REGRESSION);
		assertThat(GateCall.of(new PairedChange(12, 1, -2, 3, 0.95), 5)).isEqualTo(GateCall.NO_CHANGE);
		assertThat(GateCall.of(new PairedChange(12, -10, -14, -6, 0.95), 5)).isEqualTo(GateCall.IMPROVEMENT);
		// Inside the limit by its estimate, but the interval is too wide to say so.
		assertThat(GateCall.of(new PairedChange(6, 2, -4, 9, 0.95), 5)).isEqualTo(GateCall.UNSURE);
		// Surely worse than nothing, and beyond the limit by its estimate, but not surely
		// beyond the limit: not (yet) a regression.
		assertThat(GateCall.of(new PairedChange(12, 7, 3, 11, 0.95), 5)).isEqualTo(GateCall.UNSURE);
		assertThat(new PairedChange(6, 2, -4, 8, 0.95).detectablePct()).isEqualTo(6);
	}

	@Test
	void badPairsAreRefusedWithTheReason() {
		assertThatIllegalArgumentException().isThrownBy(() -> PairedChange.of(List.of(1.0), List.of(), 0.95))
			.withMessageContaining("1 vs 0");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PairedChange.of(List.of(1.0, 0.0), List.of(1.0, 1.0), 0.95))
			.withMessageContaining("pair 2");
		assertThatIllegalArgumentException().isThrownBy(() -> PairedChange.of(List.of(1.0), List.of(1.0), 1.5))
			.withMessageContaining("confidence");
		assertThatIllegalArgumentException().isThrownBy(() -> GateCall.of(new PairedChange(6, 0, -1, 1, 0.95), 0))
			.withMessageContaining("limit");
	}

}
