package dev.gatewaykit.bench.analysis.littleslaw;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.bench.model.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClosedBoundTests {

	@Test
	void usersOverTheUnloadedResponseTime() {
		ClosedBound bound = ClosedBound.of(Workload.closed(150), new Unloaded(50, 50, 53.2, 51.0));

		assertThat(bound.tps()).isCloseTo(2819.5, within(0.1));
		assertThat(bound.formula()).isEqualTo("150 users / 53.2 ms unloaded = 2820");
	}

	@Test
	void noBoundForAnOpenWorkloadOrWithoutAResponseTime() {
		assertThat(ClosedBound.of(Workload.open(600), new Unloaded(50, 50, 53.2, 51.0))).isNull();
		assertThat(ClosedBound.of(Workload.closed(150), null)).isNull();
		assertThat(ClosedBound.of(Workload.closed(150), new Unloaded(50, 0, 0, 0))).isNull();
	}

	@Test
	void tooFewUsersBindAndEnoughAreNamedBesideTheCpuBound() {
		Prediction cpu = new Prediction(1881.0, "2 cores / 1063 µs CPU of 7 processes = 1881", Prediction.CPU, null,
				2885.0);

		Prediction beside = ClosedBound.of(Workload.closed(150), new Unloaded(50, 50, 53.2, 51.0)).bind(cpu);
		assertThat(beside.tps()).isEqualTo(1881.0);
		assertThat(beside.boundBy()).isEqualTo(Prediction.CPU);
		assertThat(beside.formula())
			.isEqualTo("2 cores / 1063 µs CPU of 7 processes = 1881; 150 users / 53.2 ms unloaded = 2820");
		assertThat(beside.offeredBound()).isCloseTo(2819.5, within(0.1));

		Prediction instead = ClosedBound.of(Workload.closed(10), new Unloaded(50, 50, 53.2, 51.0)).bind(cpu);
		assertThat(instead.tps()).isCloseTo(188.0, within(0.1));
		assertThat(instead.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(instead.formula()).isEqualTo("10 users / 53.2 ms unloaded = 188");
	}

}
