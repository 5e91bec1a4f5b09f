package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OnsetTests {

	private static final long T0 = 1_000_000;

	/**
	 * A reading at {@code ms}: the gateway's and auth-service's ticks, the gateway's JIT
	 * part, the machine's busy ticks, and the nginx→gateway hop.
	 */
	private static Onset.Reading reading(long ms, long gateway, long jit, long auth, long machine, int open,
			int notAccepted) {
		Map<String, Long> ticks = new LinkedHashMap<>();
		ticks.put("gateway", gateway);
		ticks.put(Onset.JIT, jit);
		ticks.put("auth-service", auth);
		return new Onset.Reading(new CpuSample(ms, ticks, new MachineCpu(machine, machine * 2)),
				Map.of("nginx→gateway", new Onset.Hop(open, notAccepted)));
	}

	@Test
	void measuresEachSecondFromTheLastReadingBeforeItToTheLastInIt() {
		List<Onset.Reading> readings = List.of(reading(T0 - 100, 1000, 300, 500, 5000, 32, 0),
				reading(T0 + 500, 1080, 340, 505, 5100, 60, 12),
				// Second 1 ends here: 150 gateway ticks (60 of them JIT) in 1.1 s.
				reading(T0 + 1000, 1150, 360, 510, 5200, 90, 3),
				// Second 2: 100 ticks in 1 s; the last reading, so the onset ends there.
				reading(T0 + 2000, 1250, 380, 530, 5400, 200, 0));
		Onset onset = Onset.of(readings, T0);
		assertThat(onset.seconds()).extracting(Onset.Second::second).containsExactly(1, 2);
		Onset.Second first = onset.seconds().get(0);
		assertThat(first.cores().get("gateway")).isCloseTo(150 / 100.0 / 1.1, within(1e-9));
		assertThat(first.cores().get(Onset.JIT)).isCloseTo(60 / 100.0 / 1.1, within(1e-9));
		assertThat(first.machineCores()).isCloseTo(200 / 100.0 / 1.1, within(1e-9));
		assertThat(first.open()).containsEntry("nginx→gateway", 90);
		assertThat(first.mostWaiting()).as("the most at any reading in the second, not the last")
			.containsEntry("nginx→gateway", 12);
		Onset.Second second = onset.seconds().get(1);
		assertThat(second.cores().get("auth-service")).isCloseTo(0.2, within(1e-9));
		assertThat(second.open()).containsEntry("nginx→gateway", 200);
		assertThat(second.mostWaiting()).containsEntry("nginx→gateway", 0);
	}

	@Test
	void hasNoSecondWithoutAReadingBeforeTheLoad() {
		List<Onset.Reading> readings = List.of(reading(T0 + 10, 1000, 0, 0, 5000, 0, 0),
				reading(T0 + 1000, 1100, 0, 0, 5100, 0, 0));
		assertThat(Onset.of(readings, T0).seconds()).isEmpty();
		assertThat(Onset.of(List.of(), T0).seconds()).isEmpty();
	}

	@Test
	void saysHowMuchTheJitStillCompiledAndFromWhenItStayedSettled() {
		// JIT ticks a second: 40, 5, 30, 5, 0 (0.4, 0.05, 0.3, 0.05, 0 of a core).
		long[] jit = { 0, 40, 45, 75, 80, 80 };
		List<Onset.Reading> readings = new ArrayList<>();
		for (int i = 0; i < jit.length; i++) {
			readings.add(reading(T0 + i * 1000L, 1000 + jit[i] * 2, jit[i], 0, 5000 + i * 100L, 0, 0));
		}
		Onset onset = Onset.of(readings, T0);
		assertThat(onset.jitCoreSeconds()).isCloseTo(0.8, within(1e-9));
		assertThat(onset.jitSettledFrom()).as("second 2 was under the bar, but second 3 was not").isEqualTo(4);
		assertThat(onset.describeJit())
			.isEqualTo("the gateway's JIT used 0.8 core-seconds, and stayed under 0.1 of a core from second 4");
		Onset busyToTheEnd = Onset.of(readings.subList(0, 4), T0);
		assertThat(busyToTheEnd.jitSettledFrom()).isZero();
		assertThat(busyToTheEnd.describeJit()).endsWith("and never stayed under 0.1 of a core");
	}

	@Test
	void describesTheBusiestProcessFirstWithItsJitAndEachHop() {
		List<Onset.Reading> readings = List.of(reading(T0, 1000, 300, 500, 5000, 32, 0),
				reading(T0 + 1000, 1120, 350, 520, 5180, 90, 7));
		assertThat(Onset.of(readings, T0).describe()).containsExactly("second 1: machine 1.80 cores; gateway 1.20 "
				+ "(JIT 0.50), auth-service 0.20; connections nginx→gateway 90 (7 not accepted)");
	}

}
