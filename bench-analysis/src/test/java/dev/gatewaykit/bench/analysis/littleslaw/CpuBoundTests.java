package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuBoundTests {

	/**
	 * A default run on the 2-core reference machine (issue 22): each mode's CPU µs per
	 * request summed over its processes, its measured TPS, and the bound that explains
	 * it.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			fixed   | 893 | 2029.7  | 2240  | 91
			vanilla | 224 | 8708.7  | 8929  | 98
			ceiling | 117 | 15924.5 | 17094 | 93
			""")
	void theCoresOverEveryProcesssCpuPerRequestExplainTheModesThatHoldNoThread(String mode, double micros,
			double measured, long bound, long percent) {
		CpuBound cpu = CpuBound.of(2, split(micros));
		Prediction unbound = new Prediction(null, "nothing blocks", Prediction.NONE, null, null);

		Prediction prediction = cpu.bind(unbound);

		assertThat(Math.round(prediction.tps())).as(mode).isEqualTo(bound);
		assertThat(prediction.boundBy()).isEqualTo(Prediction.CPU);
		assertThat(prediction.formula())
			.isEqualTo("2 cores / " + Math.round(micros) + " µs CPU of 7 processes = " + bound);
		assertThat(Math.round(measured / prediction.tps() * 100)).isEqualTo(percent);
	}

	@Test
	void theNaiveModesLoopsBindLongBeforeItsCpuWhichIsNamedBeside() {
		// 4 loops, 57.1 ms blocked + 0.8 ms CPU each request; all processes ~3.3 ms CPU.
		HoldTime hold = new HoldTime(10_000, 57.1, 0.8, GatewayMeters.EVENT_LOOP, HoldTime.WINDOW);
		Prediction loops = LittlesLaw.predict(ExecutionMode.BLOCKING,
				new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive"), new LinkLatencies(25, 3, 0),
				Workload.closed(150), hold);

		Prediction prediction = CpuBound.of(2, split(3300)).bind(loops);

		assertThat(prediction.boundBy()).isEqualTo(Prediction.THREADS);
		assertThat(Math.round(prediction.tps())).isEqualTo(69);
		assertThat(prediction.formula()).isEqualTo(loops.formula() + "; 2 cores / 3300 µs CPU of 7 processes = 606");
	}

	@Test
	void theLowerBoundBindsAndKeepsTheOthersFigures() {
		Prediction offered = new Prediction(2885.0, "150 users / 52 ms = 2885", Prediction.OFFERED_LOAD, null, 2885.0);

		Prediction prediction = CpuBound.of(2, split(893)).bind(offered);

		assertThat(prediction.tps()).isCloseTo(2_000_000 / 893.0, within(1e-9));
		assertThat(prediction.offeredBound()).isEqualTo(2885.0);
	}

	@Test
	void aSumOfFewProcessesNamesThemSoTheUnseenShow() {
		CpuBound cpu = CpuBound.of(2, Map.of("injector", 300.0, "gateway", 280.0));

		assertThat(cpu.formula()).isEqualTo("2 cores / 580 µs CPU of gateway, injector = 3448");
	}

	@Test
	void noCpuFiguresNoBound() {
		assertThat(CpuBound.of(2, Map.of())).isNull();
		assertThat(CpuBound.of(2, Map.of("gateway", 0.0))).isNull();
		assertThat(CpuBound.of(0, Map.of("gateway", 300.0))).isNull();
	}

	/** {@code micros} over seven processes, the gateway's share the largest. */
	private static Map<String, Double> split(double micros) {
		Map<String, Double> perProcess = new LinkedHashMap<>();
		String[] names = { "gateway", "nginx", "redis", "auth-service", "mall-api", "toxiproxy", "injector" };
		perProcess.put(names[0], micros * 0.4);
		for (int i = 1; i < names.length; i++) {
			perProcess.put(names[i], micros * 0.1);
		}
		return perProcess;
	}

}
