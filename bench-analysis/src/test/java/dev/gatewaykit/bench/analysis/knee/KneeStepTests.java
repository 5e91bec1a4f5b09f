package dev.gatewaykit.bench.analysis.knee;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KneeStepTests {

	@Test
	void sharesItsErrorsCallAndBusyCoresAsShown() {
		KneeStep passed = new KneeStep(1000, 20_000, 10, 999.5, 4.2, 80, 91.4, true, false);
		KneeStep failed = new KneeStep(2000, 40_000, 4000, 1800, 90, 900, 99.6, false, false);
		KneeStep givenUp = new KneeStep(4000, 9000, 3000, 1500, 800, 5000, Double.NaN, false, true);

		assertThat(passed.errorPct()).isEqualTo(0.05);
		assertThat(passed.call()).isEqualTo("passed");
		assertThat(passed.busy()).isEqualTo("91 %");
		assertThat(failed.call()).isEqualTo("failed");
		assertThat(failed.busy()).isEqualTo("100 %");
		assertThat(givenUp.call()).isEqualTo("given up");
		assertThat(givenUp.busy()).isEqualTo("-");
		assertThat(new KneeStep(10, 0, 0, 0, 0, 0, 0, false, false).errorPct()).as("no request, no error").isZero();
	}

	@Test
	void showsEachRequestsCpuWithTheGatewaysCompilingApart() {
		KneeStep.Cpu cpu = new KneeStep.Cpu(529.3, 12.4, 90.1);

		assertThat(cpu.gateway()).isEqualTo("529 (JIT 12)");
		assertThat(cpu.load()).isEqualTo("90");
		assertThat(new KneeStep.Cpu(529.3, Double.NaN, 90.1).gateway()).as("compiler threads not read")
			.isEqualTo("529");
		assertThat(KneeStep.Cpu.UNKNOWN.gateway()).isEqualTo("-");
		assertThat(KneeStep.Cpu.UNKNOWN.load()).isEqualTo("-");
		assertThat(new KneeStep(10, 0, 0, 0, 0, 0, 0, false, true).cpu()).as("a step given up")
			.isEqualTo(KneeStep.Cpu.UNKNOWN);
	}

}
