package dev.gatewaykit.bench.analysis.littleslaw;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LoopBoundTests {

	@Test
	void loopsOccupiedAFifthOfTheTimeCouldCarryFiveTimesTheRate() {
		LoopBound bound = LoopBound.of(2000, 20);

		assertThat(bound.tps()).isCloseTo(10_000, within(1e-9));
		assertThat(bound.formula()).isEqualTo("loops 20 % occupied = 10000");
	}

	@Test
	void aLowerBoundTakesThePredictionsPlaceAndAHigherOneIsNamedBesideIt() {
		Prediction cpu = new Prediction(2201.0, "2 cores / 909 µs CPU of 7 processes = 2201", Prediction.CPU, null,
				null);

		Prediction beside = LoopBound.of(2000, 40).bind(cpu);
		assertThat(beside.tps()).isEqualTo(2201.0);
		assertThat(beside.boundBy()).isEqualTo(Prediction.CPU);
		assertThat(beside.formula())
			.isEqualTo("2 cores / 909 µs CPU of 7 processes = 2201; loops 40 % occupied = 5000");
		assertThat(beside.threadBound()).isCloseTo(5000, within(1e-9));

		Prediction instead = LoopBound.of(2000, 95).bind(cpu);
		assertThat(instead.tps()).isCloseTo(2105.26, within(0.01));
		assertThat(instead.boundBy()).isEqualTo(Prediction.THREADS);
		assertThat(instead.formula()).isEqualTo("loops 95 % occupied = 2105");
	}

	@Test
	void noBoundFromTooFewSamplesOrNoRequests() {
		assertThat(LoopBound.of(2000, 0.5)).isNull();
		assertThat(LoopBound.of(0, 50)).isNull();
		assertThat(LoopBound.of(2000, Double.NaN)).isNull();
	}

}
