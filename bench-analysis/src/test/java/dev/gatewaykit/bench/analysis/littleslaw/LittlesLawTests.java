package dev.gatewaykit.bench.analysis.littleslaw;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class LittlesLawTests {

	/**
	 * The original incident's shape: 4 event loops, two Redis round trips of 25 ms and
	 * one auth round trip of 3 ms.
	 */
	private static final GatewayFacts GATEWAY = new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive");

	private static final LinkLatencies INCIDENT = new LinkLatencies(25, 3, 0);

	@Test
	void blockedTimeCountsTwoRedisRoundTripsOneAuthRoundTripAndTheBase() {
		assertThat(new LinkLatencies(25, 3, 0).blockedMs()).isEqualTo(53);
		assertThat(new LinkLatencies(10, 20, 2.5).blockedMs()).isEqualTo(42.5);
	}

	@Test
	void blockingModeIsBoundByEventLoopsOverBlockedTime() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(200));

		assertThat(prediction.tps()).isCloseTo(4 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("4 loops / 53 ms injected = 75");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.THREADS);
		assertThat(prediction.offeredBound()).isCloseTo(200 / 0.053, within(1e-9));
	}

	@Test
	void severalGatewaysBehindOneNginxAddTheirThreads() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(200),
				null, 2);

		assertThat(prediction.tps()).isCloseTo(2 * 4 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("2 gateways × 4 loops / 53 ms injected = 151");
		assertThat(LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(200), null, 1))
			.isEqualTo(LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(200)));
		assertThatIllegalArgumentException().isThrownBy(
				() -> LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(200), null, 0));
	}

	@Test
	void publishOnIsBoundByParallelThreads() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.PUBLISH_ON, GATEWAY, INCIDENT, Workload.closed(200));

		assertThat(prediction.tps()).isCloseTo(2 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("2 parallel threads / 53 ms injected = 38");
	}

	@Test
	void boundedElasticIsBoundByItsPoolSize() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BOUNDED_ELASTIC, GATEWAY, INCIDENT,
				Workload.closed(200));

		assertThat(prediction.tps()).isCloseTo(20 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("20 elastic threads / 53 ms injected = 377");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.THREADS);
	}

	@Test
	void reactiveClosedModelIsBoundByUsersOverBlockedTime() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.REACTIVE, GATEWAY, INCIDENT, Workload.closed(200));

		assertThat(prediction.tps()).isCloseTo(200 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("200 users / 53 ms = 3774");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(prediction.threadBound()).isNull();
	}

	@Test
	void reactiveOpenModelIsBoundByTheArrivalRate() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.REACTIVE, GATEWAY, INCIDENT, Workload.open(1100));

		assertThat(prediction.tps()).isEqualTo(1100);
		assertThat(prediction.formula()).isEqualTo("offered 1100 req/s");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
	}

	@Test
	void threadBoundIsCappedByAnOpenModelsRate() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BOUNDED_ELASTIC, GATEWAY, INCIDENT,
				Workload.open(100));

		assertThat(prediction.tps()).isEqualTo(100);
		assertThat(prediction.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
		assertThat(prediction.threadBound()).isCloseTo(377.36, within(0.01));
	}

	@Test
	void threadBoundIsCappedWhenFewerUsersThanThreadsAreWaiting() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(2));

		assertThat(prediction.tps()).isCloseTo(2 / 0.053, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("2 users / 53 ms = 38");
		assertThat(prediction.boundBy()).isEqualTo(Prediction.OFFERED_LOAD);
	}

	@Test
	void equalBoundsAreAttributedToThreads() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, INCIDENT, Workload.closed(4));

		assertThat(prediction.boundBy()).isEqualTo(Prediction.THREADS);
	}

	@Test
	void formulaKeepsFractionalMillisecondsAndSingularNouns() {
		GatewayFacts oneLoop = new GatewayFacts("blocking", "naive", 1, 1, 1, "ant", "naive");

		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, oneLoop, new LinkLatencies(10, 2.5, 0),
				Workload.closed(100));

		assertThat(prediction.formula()).isEqualTo("1 loop / 22.5 ms injected = 44");
	}

	@Test
	void baseServiceTimeAddsToTheBlockedTime() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, new LinkLatencies(25, 3, 2),
				Workload.closed(200));

		assertThat(prediction.formula()).isEqualTo("4 loops / 55 ms injected = 73");
	}

	@Test
	void withoutBlockedTimeAClosedReactiveRunHasNoPrediction() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.REACTIVE, GATEWAY, new LinkLatencies(0, 0, 0),
				Workload.closed(200));

		assertThat(prediction.tps()).isNull();
		assertThat(prediction.boundBy()).isEqualTo(Prediction.NONE);
		assertThat(prediction.formula()).contains("CPU");
	}

	@Test
	void withoutBlockedTimeAThreadBoundOpenRunIsBoundByItsRate() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, GATEWAY, new LinkLatencies(0, 0, 0),
				Workload.open(500));

		assertThat(prediction.tps()).isEqualTo(500);
		assertThat(prediction.threadBound()).isNull();
	}

	@Test
	void withoutGatewayFactsAThreadBoundModeHasNoPrediction() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, null, INCIDENT, Workload.closed(200));

		assertThat(prediction.tps()).isNull();
		assertThat(prediction.formula()).contains("gateway.json");
	}

	@Test
	void reactiveNeedsNoGatewayFacts() {
		Prediction prediction = LittlesLaw.predict(ExecutionMode.REACTIVE, null, INCIDENT, Workload.open(1100));

		assertThat(prediction.tps()).isEqualTo(1100);
	}

	@Test
	void rejectsAGatewayReportingNoThreads() {
		GatewayFacts broken = new GatewayFacts("publish-on", "custom", 4, 0, 20, "ant", "naive");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> LittlesLaw.predict(ExecutionMode.PUBLISH_ON, broken, INCIDENT, Workload.closed(10)))
			.withMessageContaining("0 parallel threads");
	}

	@ParameterizedTest(name = "{0} runs as {1}")
	@CsvSource({ "naive, BLOCKING", "fixed, REACTIVE", "blocking, BLOCKING", "publish-on, PUBLISH_ON",
			"bounded-elastic, BOUNDED_ELASTIC", "reactive, REACTIVE", "' Fixed ', REACTIVE" })
	void resolvesModeAndProfileNames(String name, ExecutionMode expected) {
		assertThat(BenchModes.executionMode(name)).isEqualTo(expected);
	}

	@Test
	void rejectsUnknownModeNames() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchModes.executionMode("turbo"))
			.withMessageContaining("naive, fixed, vanilla, blocking");
	}

}
