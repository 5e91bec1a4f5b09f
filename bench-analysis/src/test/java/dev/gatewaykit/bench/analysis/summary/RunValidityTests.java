package dev.gatewaykit.bench.analysis.summary;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.PhaseStats;

import static org.assertj.core.api.Assertions.assertThat;

class RunValidityTests {

	@Test
	void exactlyOnePercentErrorsIsStillValid() {
		assertThat(RunValidity.of(stats(99, 1))).isEqualTo(Validity.VALID);
		assertThat(RunValidity.of(stats(9_900, 100))).isEqualTo(Validity.VALID);
	}

	@Test
	void justAboveOnePercentIsInvalid() {
		Validity validity = RunValidity.of(stats(9_899, 101));

		assertThat(validity.valid()).isFalse();
		assertThat(validity.reason()).isEqualTo("1.01 % errors");
	}

	@Test
	void reasonNeverPrintsAnInvalidRateAsOnePointZero() {
		assertThat(RunValidity.of(stats(98_999, 1_001)).reason()).isEqualTo("1.001 % errors");
	}

	@Test
	void clearlyInvalidRunReportsOneDecimal() {
		assertThat(RunValidity.of(stats(968, 32)).reason()).isEqualTo("3.2 % errors");
	}

	@Test
	void noErrorsIsValid() {
		assertThat(RunValidity.of(stats(4_500, 0)).valid()).isTrue();
	}

	@Test
	void aWindowWithNoCompletionsIsInvalid() {
		Validity validity = RunValidity.of(stats(0, 0));

		assertThat(validity.valid()).isFalse();
		assertThat(validity.reason()).isEqualTo("no request completed in the measured window");
	}

	@Test
	void allErrorsIsInvalid() {
		assertThat(RunValidity.of(stats(0, 50)).reason()).isEqualTo("100.0 % errors");
	}

	private static PhaseStats stats(long ok, long ko) {
		return new PhaseStats(ok, ko, Latency.NONE, Map.of());
	}

}
