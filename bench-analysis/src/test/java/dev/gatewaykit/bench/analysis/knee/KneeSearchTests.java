package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.DoublePredicate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KneeSearchTests {

	private static final KneeCriteria CRITERIA = new KneeCriteria(200, 0.1);

	/**
	 * Runs a search against a gateway that passes every rate {@code sustains} accepts.
	 */
	private static List<Double> run(KneeSearch search, DoublePredicate sustains) {
		List<Double> rates = new ArrayList<>();
		for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
			double rate = next.getAsDouble();
			rates.add(rate);
			boolean ok = sustains.test(rate);
			search.record(new KneeStep(rate, 1000, ok ? 0 : 50, ok ? rate : rate / 2, 2, ok ? 20 : 900, 50, ok, false));
		}
		return rates;
	}

	/**
	 * A gateway that passes what {@code sustains} accepts, but judged otherwise the first
	 * time {@code odd} is held: a lucky pass or a hiccup.
	 */
	private static DoublePredicate otherwiseAtFirst(double odd, DoublePredicate sustains) {
		Set<Double> held = new HashSet<>();
		return (rate) -> (rate == odd && held.add(rate)) != sustains.test(rate);
	}

	@Test
	void doublesWhilePassingThenBisectsToTheResolution() {
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> rate <= 2100);

		assertThat(rates.subList(0, 7)).containsExactly(50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0);
		assertThat(search.knee()).isBetween(2100 / 1.05, 2100.0);
		assertThat(search.lowestFailed()).isBetween(2100.0, 2100 * 1.05);
		assertThat(search.resolved()).isTrue();
		assertThat(search.ended()).startsWith("resolved: ");
		// 7 steps to bracket it, then a geometric bisection of a factor of 2 to 5 %.
		assertThat(rates).hasSizeLessThanOrEqualTo(12);
	}

	@Test
	void halvesFromAStartThatFailsThenBisects() {
		KneeSearch search = new KneeSearch(100, 20_000, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> rate <= 62);

		assertThat(rates.subList(0, 2)).containsExactly(100.0, 50.0);
		assertThat(search.knee()).isBetween(62 / 1.05, 62.0);
		assertThat(search.resolved()).isTrue();
	}

	@Test
	void saysWhenNothingPassed() {
		KneeSearch search = new KneeSearch(8, 100, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> false);

		assertThat(rates).containsExactly(8.0, 4.0, 2.0, 1.0);
		assertThat(search.knee()).isZero();
		assertThat(search.resolved()).isFalse();
		assertThat(search.ended()).isEqualTo("no rate passed, down to 1/s");
	}

	@Test
	void stopsAtTheMaxRateAndSaysTheKneeIsHigher() {
		KneeSearch search = new KneeSearch(50, 300, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> true);

		assertThat(rates).containsExactly(50.0, 100.0, 200.0, 300.0);
		assertThat(search.knee()).isEqualTo(300);
		assertThat(search.ended())
			.isEqualTo("every rate passed up to --max-rate 300/s (held once): the knee is higher");
	}

	@Test
	void holdsTheMaxRateAgainBeforeSayingTheKneeIsHigher() {
		KneeSearch search = new KneeSearch(50, 300, 0.05, 16, 2);

		List<Double> rates = run(search, (rate) -> true);

		assertThat(rates).containsExactly(50.0, 100.0, 200.0, 300.0, 300.0);
		assertThat(search.ended())
			.isEqualTo("every rate passed up to --max-rate 300/s (held 2 of 2 holds): the knee is higher");
	}

	@Test
	void stopsAtTheMaxStepsAndSaysBetweenWhat() {
		KneeSearch search = new KneeSearch(50, 20_000, 0.01, 8, 1);

		List<Double> rates = run(search, (rate) -> rate <= 2100);

		assertThat(rates).hasSize(8);
		assertThat(search.resolved()).isFalse();
		assertThat(search.ended()).startsWith("--max-steps 8 ended it between ");
	}

	@Test
	void holdsWholeRatesAndNeverTheSameOneTwice() {
		// A naive knee of 18.5/s: between 18 and 19 no whole rate is left.
		KneeSearch search = new KneeSearch(50, 300.5, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> rate <= 18.5);

		assertThat(rates).allMatch((rate) -> rate == Math.floor(rate)).doesNotHaveDuplicates();
		assertThat(search.knee()).isEqualTo(18);
		assertThat(search.lowestFailed()).isEqualTo(19);
		assertThat(search.resolved()).isTrue();
	}

	@Test
	void aFractionalMaxRateEndsTheGrowthAtItsWholePart() {
		KneeSearch search = new KneeSearch(50, 300.5, 0.05, 16, 1);

		List<Double> rates = run(search, (rate) -> true);

		assertThat(rates).containsExactly(50.0, 100.0, 200.0, 300.0);
		assertThat(search.ended()).contains("up to --max-rate 300/s");
	}

	@Test
	void bisectsGeometrically() {
		KneeSearch search = new KneeSearch(1000, 20_000, 0.05, 16, 1);
		search.record(new KneeStep(1000, 1, 0, 1000, 1, 1, 50, true, false));
		search.record(new KneeStep(2000, 1, 1, 1000, 1, 900, 90, false, false));

		assertThat(search.next().getAsDouble()).isEqualTo(Math.floor(Math.sqrt(2_000_000)));
	}

	@Test
	void holdsBothBoundsAgainUntilTwoHoldsAgree() {
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, 20, 2);

		List<Double> rates = run(search, (rate) -> rate <= 2100);

		double knee = search.knee();
		double failed = search.lowestFailed();
		assertThat(rates.subList(rates.size() - 2, rates.size())).containsExactly(knee, failed);
		assertThat(rates).filteredOn((rate) -> rate == knee).hasSize(2);
		assertThat(rates).filteredOn((rate) -> rate == failed).hasSize(2);
		assertThat(search.settled()).isTrue();
		assertThat(search.ended()).isEqualTo(String.format(
				"resolved: %.0f/s passed 2 of 2 holds, %.0f/s failed 2 of " + "2 holds (within 5 %%)", knee, failed));
	}

	@Test
	void aKneeThatPassedOnceByLuckIsHeldUntilItFailsAndTheSearchGoesOnBelowIt() {
		// 1600/s passes its first hold only: the single-hold search ended on it.
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, 30, 2);

		List<Double> rates = run(search, otherwiseAtFirst(1600, (rate) -> rate <= 1500));

		assertThat(rates).filteredOn((rate) -> rate == 1600).hasSize(3);
		assertThat(search.knee()).isBetween(1500 / 1.05, 1500.0);
		assertThat(search.lowestFailed()).isBetween(1500.0, 1600.0);
		assertThat(search.settled()).isTrue();
	}

	@Test
	void aFailureThatWasAHiccupIsHeldUntilItPassesAndTheGrowthGoesOn() {
		// 800/s fails its first hold only: the single-hold search ended near 765/s.
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, 30, 2);

		List<Double> rates = run(search, otherwiseAtFirst(800, (rate) -> rate <= 1500));

		assertThat(rates).filteredOn((rate) -> rate == 800).hasSize(3);
		assertThat(rates.get(rates.lastIndexOf(800.0) + 1)).as("grown by √2 after a turned failure")
			.isEqualTo(Math.floor(800 * Math.sqrt(2)));
		assertThat(search.knee()).isBetween(1500 / 1.05, 1500.0);
		assertThat(search.settled()).isTrue();
	}

	@Test
	void aHiccupAtTheStartRateIsHeldAgainAndTheGrowthDoublesAgainAboveIt() {
		// 50/s fails its first hold only, as a JIT still compiling can.
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, 30, 2);

		List<Double> rates = run(search, otherwiseAtFirst(50, (rate) -> rate <= 1500));

		int turned = rates.lastIndexOf(50.0);
		assertThat(rates).filteredOn((rate) -> rate == 50).hasSize(3);
		assertThat(rates.subList(turned + 1, turned + 3)).as("√2 above the turned failure, then doubling")
			.containsExactly(70.0, 140.0);
		assertThat(search.knee()).isBetween(1500 / 1.05, 1500.0);
		assertThat(search.settled()).isTrue();
	}

	@Test
	void saysWhichRateWasLeftWithoutAMajority() {
		KneeSearch search = new KneeSearch(100, 20_000, 0.05, 3, 2);
		search.record(new KneeStep(100, 1000, 0, 100, 2, 20, 50, true, false));
		search.record(new KneeStep(200, 1000, 0, 200, 2, 20, 50, true, false));
		search.record(new KneeStep(200, 1000, 50, 100, 2, 900, 50, false, false));

		assertThat(search.next()).isEmpty();
		assertThat(search.knee()).isEqualTo(100);
		assertThat(search.ended()).isEqualTo("every rate passed; --max-steps 3 ended it, before its bounds were held 2 "
				+ "times (200/s passed and failed as often)");
	}

	@Test
	void saysWhenTheStepsRanOutBeforeTheBoundsWereHeldAgain() {
		KneeSearch once = new KneeSearch(50, 20_000, 0.05, 20, 1);
		int bracketed = run(once, (rate) -> rate <= 2100).size();
		KneeSearch search = new KneeSearch(50, 20_000, 0.05, bracketed, 2);

		run(search, (rate) -> rate <= 2100);

		assertThat(search.resolved()).isTrue();
		assertThat(search.settled()).isFalse();
		assertThat(search.ended()).endsWith(", before its bounds were held 2 times");
	}

	@Test
	void refusesASearchWithNothingToSearch() {
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeSearch(0.5, 100, 0.05, 16, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeSearch(100, 50, 0.05, 16, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeSearch(50, 100, 0, 16, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeSearch(50, 100, 0.05, 0, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeSearch(50, 100, 0.05, 16, 0));
	}

	@Test
	void aStepPassesWithinBothLimitsOnly() {
		assertThat(CRITERIA.met(1000, 1, 199)).isTrue();
		assertThat(CRITERIA.met(1000, 2, 199)).as("0.2 %% errors").isFalse();
		assertThat(CRITERIA.met(1000, 0, 201)).as("p99 over the target").isFalse();
		assertThat(CRITERIA.met(0, 0, 0)).as("nothing sent").isFalse();
		assertThat(CRITERIA.describe()).isEqualTo("p99 ≤ 200 ms, errors ≤ 0.1 %");
		assertThatIllegalArgumentException().isThrownBy(() -> new KneeCriteria(0, 0.1));
	}

}
