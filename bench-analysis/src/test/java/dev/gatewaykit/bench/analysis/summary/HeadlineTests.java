package dev.gatewaykit.bench.analysis.summary;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HeadlineTests {

	@Test
	void statesFixedOverNaiveBesideTheOriginalIncident() {
		Headline headline = Headline
			.of(List.of(ComparisonFixtures.mode("naive", 65), ComparisonFixtures.mode("fixed", 1300)));

		assertThat(headline.ratio()).isCloseTo(20.0, within(1e-9));
		assertThat(headline.text()).isEqualTo("fixed/naive = 20.0x: 65.0 → 1300.0 TPS, mean response time 100 ms → "
				+ "100 ms (p99 200 ms); the original incident: 75 → 1100 TPS (14.7x), response time 2 s+ → 200 ms");
		assertThat(headline.naive().tps()).isEqualTo(65);
		assertThat(headline.original().ratio()).isCloseTo(1100 / 75.0, within(1e-9));
	}

	@Test
	void givesNoRatioAndSaysWhichModeIsInvalid() {
		ModeSummary naive = ComparisonFixtures.mode("naive", 60);
		ModeSummary invalid = new ModeSummary(naive.schema(), naive.mode(), naive.executionMode(), naive.label(),
				naive.target(), naive.workload(), naive.links(), naive.windowSeconds(), naive.ok(), 90, naive.tps(),
				2.5, naive.latencyMs(), naive.tpsPerSecond(), Validity.invalid("2.50 % errors"), naive.prediction(),
				null, null, naive.outcomes(), List.of(), null, null);

		Headline headline = Headline.of(List.of(invalid, ComparisonFixtures.mode("fixed", 1300)));

		assertThat(headline.ratio()).isNull();
		assertThat(headline.text()).startsWith("no fixed/naive ratio: naive is INVALID (2.50 % errors); the original");
	}

	@Test
	void aRunWithoutTheNaiveModeSaysSo() {
		Headline headline = Headline
			.of(List.of(ComparisonFixtures.mode("reactive", 1300), ComparisonFixtures.mode("fixed", 1300)));

		assertThat(headline.ratio()).isNull();
		assertThat(headline.text()).startsWith("no fixed/naive ratio: the run has no naive mode");
	}

}
