package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class HoldTimeTests {

	private static final String START = """
			# HELP kit_requests_total Authenticated requests (session lookups)
			# TYPE kit_requests_total counter
			kit_requests_total 1000.0
			kit_blocking_calls_seconds_count{call="relay"} 1000.0
			kit_blocking_calls_seconds_sum{call="relay"} 52.0
			kit_blocking_calls_seconds_count{call="session"} 1000.0
			kit_blocking_calls_seconds_sum{call="session"} 3.0
			kit_thread_cpu_seconds_total{pool="event-loop"} 10.0
			kit_thread_cpu_seconds_total{pool="parallel"} 0.5
			jvm_threads_live_threads 40.0
			""";

	private static final String END = """
			kit_requests_total 4000.0
			kit_blocking_calls_seconds_count{call="relay"} 4000.0
			kit_blocking_calls_seconds_sum{call="relay"} 208.0
			kit_blocking_calls_seconds_count{call="session"} 4000.0
			kit_blocking_calls_seconds_sum{call="session"} 12.0
			kit_thread_cpu_seconds_total{pool="event-loop"} 34.0
			kit_thread_cpu_seconds_total{pool="parallel"} 0.5
			""";

	@Test
	void perRequestBlockedTimeAndPoolCpuComeFromTheDifferenceOfTwoScrapes() {
		HoldTime hold = HoldTime.between(GatewayMeters.parse(START), GatewayMeters.parse(END), GatewayMeters.EVENT_LOOP,
				HoldTime.WINDOW);

		assertThat(hold.requests()).isEqualTo(3000);
		// (156 + 9) s over 3000 requests; 24 s of loop CPU over 3000.
		assertThat(hold.blockedMs()).isCloseTo(55.0, within(1e-9));
		assertThat(hold.cpuMs()).isCloseTo(8.0, within(1e-9));
		assertThat(hold.totalMs()).isCloseTo(63.0, within(1e-9));
		assertThat(hold.describe()).isEqualTo("55 ms blocked + 8 ms loop CPU");
	}

	@Test
	void littlesLawDividesTheLoopsByTheMeasuredHoldTime() {
		HoldTime hold = HoldTime.between(GatewayMeters.parse(START), GatewayMeters.parse(END), GatewayMeters.EVENT_LOOP,
				HoldTime.WINDOW);
		GatewayFacts gateway = new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive");

		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, gateway, new LinkLatencies(1, 50, 0),
				Workload.closed(150), hold);

		assertThat(prediction.tps()).isCloseTo(4 / 0.063, within(1e-9));
		assertThat(prediction.formula()).isEqualTo("4 loops / (55 ms blocked + 8 ms loop CPU) = 63");
		assertThat(prediction.holdTime()).isEqualTo(hold);
	}

	@Test
	void withoutScrapesThePredictionSaysItRestsOnTheInjectedLatency() {
		GatewayFacts gateway = new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive");

		Prediction prediction = LittlesLaw.predict(ExecutionMode.BLOCKING, gateway, new LinkLatencies(1, 50, 0),
				Workload.closed(150));

		assertThat(prediction.formula()).isEqualTo("4 loops / 52 ms injected = 77");
		assertThat(prediction.holdTime()).isNull();
	}

	@Test
	void noRequestsBetweenTheScrapesMeansNoHoldTime() {
		GatewayMeters same = GatewayMeters.parse(END);

		assertThat(HoldTime.between(same, same, GatewayMeters.EVENT_LOOP, HoldTime.WINDOW)).isNull();
	}

	@Test
	void readsTheValuesNotTheTimestampsAfterThem() {
		GatewayMeters meters = GatewayMeters.parse("""
				kit_requests_total 1000.0 1764115200000
				kit_blocking_calls_seconds_count{call="relay"} 1000.0 1764115200000
				kit_blocking_calls_seconds_sum{call="relay"} 52.0 1764115200000
				kit_thread_cpu_seconds_total{pool="event-loop"} 10.0 1764115200000
				""");

		assertThat(meters).isEqualTo(new GatewayMeters(1000, 52, 1000, Map.of(GatewayMeters.EVENT_LOOP, 10.0)));
	}

	@Test
	void aScrapeWithoutTheKitsMetersIsRefused() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> GatewayMeters.parse("up 1.0\n"))
			.withMessageContaining("kit_requests_total");
	}

}
