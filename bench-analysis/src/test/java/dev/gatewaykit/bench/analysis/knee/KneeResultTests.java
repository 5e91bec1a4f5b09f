package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KneeResultTests {

	private static KneeStep step(double rate, double p99Ms, boolean passed) {
		return new KneeStep(rate, 1000, passed ? 0 : 50, rate, 2, p99Ms, 90, passed, false);
	}

	@Test
	void theKneesStepIsItsLastPassingHold() {
		KneeResult result = new KneeResult("fixed", 1400, 700, true, "resolved", 30,
				List.of(step(1400, 120, true), step(1470, 300, false), step(1400, 260, false), step(1400, 140, true)));

		assertThat(result.kneeStep()).map(KneeStep::p99Ms).contains(140.0);
	}

}
