package dev.gatewaykit.bench.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WarmupTests {

	/**
	 * Five seconds against five, so the cases stay short; the default compares ten
	 * against ten.
	 */
	private final Warmup auto = new Warmup(true, 10, 30, 5, 5);

	@Test
	void waitsForTwoWholeSpansBeforeJudging() {
		long[] flat = constant(9, 100);

		assertThat(this.auto.decide(flat, 9)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(this.auto.decide(constant(10, 100), 10)).isEqualTo(Warmup.Decision.STEADY);
	}

	@Test
	void opensWhenTheLastFiveSecondsAreWithinFivePercentOfTheFiveBefore() {
		// 100/s, then 104/s: 4 % apart.
		long[] seconds = { 100, 100, 100, 100, 100, 104, 104, 104, 104, 104 };

		assertThat(this.auto.decide(seconds, 10)).isEqualTo(Warmup.Decision.STEADY);
	}

	@Test
	void keepsWarmingUpWhileTheThroughputClimbs() {
		// A JIT warm-up: +2 % a second is +10 % from one span to the next.
		long[] climbing = new long[20];
		for (int second = 0; second < climbing.length; second++) {
			climbing[second] = Math.round(1000 * Math.pow(1.02, second));
		}

		assertThat(this.auto.decide(climbing, 20)).isEqualTo(Warmup.Decision.WAIT);
	}

	@Test
	void aPlateauWhileTheGatewayStillCompilesIsNotSteady() {
		assertThat(this.auto.decide(constant(30, 287), 29, false)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(this.auto.decide(constant(30, 287), 29, true)).isEqualTo(Warmup.Decision.STEADY);
		assertThat(this.auto.decide(constant(30, 287), 30, false)).isEqualTo(Warmup.Decision.GAVE_UP);
	}

	@Test
	void givesUpAtTheLongestWarmUpAndSaysItWasNotSteady() {
		long[] climbing = new long[30];
		for (int second = 0; second < climbing.length; second++) {
			climbing[second] = 100L + 10L * second;
		}

		assertThat(this.auto.decide(climbing, 29)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(this.auto.decide(climbing, 30)).isEqualTo(Warmup.Decision.GAVE_UP);
		assertThat(Warmup.Decision.GAVE_UP.opens()).isTrue();
	}

	@Test
	void neverCallsAGatewayThatCompletesNothingSteady() {
		assertThat(this.auto.decide(new long[12], 12)).isEqualTo(Warmup.Decision.WAIT);
	}

	@Test
	void aFixedWarmUpEndsOnTimeWhateverTheThroughput() {
		Warmup fixed = Warmup.fixed(3);

		assertThat(fixed.decide(new long[] { 1, 900 }, 2)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(fixed.decide(new long[] { 1, 900, 5 }, 3)).isEqualTo(Warmup.Decision.FIXED);
	}

	@Test
	void theDefaultComparesTenSecondsWithTheTenBeforeSoAShortPlateauDoesNotPassForSteady() {
		Warmup standard = Warmup.untilSteady(150);
		// Interpreted code: 10 s flat at 150/s between two compilation bursts, then the
		// climb goes on.
		long[] plateau = { 40, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 200, 260, 330, 400, 480, 560, 640, 720,
				800 };

		assertThat(this.auto.decide(java.util.Arrays.copyOf(plateau, 11), 11)).isEqualTo(Warmup.Decision.STEADY);
		assertThat(standard.decide(java.util.Arrays.copyOf(plateau, 11), 11)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(standard.decide(plateau, 20)).isEqualTo(Warmup.Decision.WAIT);
		assertThat(standard.decide(constant(20, 1500), 20)).isEqualTo(Warmup.Decision.STEADY);
		assertThat(standard.minSeconds()).isEqualTo(20);
	}

	@Test
	void refusesAnAutoWarmUpTooShortToCompareTwoSpans() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Warmup(true, 8, 30, 5, 5))
			.withMessageContaining("needs at least 10 s");
	}

	private static long[] constant(int length, long value) {
		long[] seconds = new long[length];
		java.util.Arrays.fill(seconds, value);
		return seconds;
	}

}
