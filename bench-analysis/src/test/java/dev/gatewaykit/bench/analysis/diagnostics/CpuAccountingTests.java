package dev.gatewaykit.bench.analysis.diagnostics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting.CpuSecond;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuAccountingTests {

	private static final long START = 1_700_000_000_000L;

	@Test
	void cpuPerRequestIsTheCpuRateOverTheRequestRate() {
		// The gateway uses half a core (50 ticks a second) for 10 s, mall-api a fifth;
		// at 1 000 requests a second that is 500 and 200 µs per request.
		List<CpuSample> samples = new ArrayList<>();
		for (int s = 0; s <= 10; s++) {
			samples.add(new CpuSample(START + s * 1000L, Map.of("gateway", 1_000L + 50L * s, "mall-api", 20L * s)));
		}

		Map<String, Double> perRequest = CpuAccounting.microsPerRequest(samples, START, START + 10_000, 1_000);

		assertThat(perRequest.get("gateway")).isCloseTo(500.0, within(0.001));
		assertThat(perRequest.get("mall-api")).isCloseTo(200.0, within(0.001));
	}

	@Test
	void theMachineShowsHowBusyItsCoresWereAndWhatTheWatchedProcessesDidNotSpend() {
		// Two cores (200 ticks a second in all), 180 of them busy: 90 %. The gateway
		// spends 100 ticks a second, the machine 180: at 1 000 requests a second, 1 000
		// µs of the gateway's and 1 800 of the machine's per request.
		List<CpuSample> samples = List.of(new CpuSample(START, Map.of("gateway", 0L), new MachineCpu(5_000, 20_000)),
				new CpuSample(START + 10_000, Map.of("gateway", 1_000L), new MachineCpu(6_800, 22_000)));

		CpuAccounting.MachineShare machine = CpuAccounting.machine(samples, START, START + 10_000, 1_000).orElseThrow();

		assertThat(machine.busyPct()).isCloseTo(90.0, within(0.001));
		assertThat(machine.microsPerRequest()).isCloseTo(1_800.0, within(0.001));
		assertThat(CpuAccounting.microsPerRequest(samples, START, START + 10_000, 1_000).get("gateway"))
			.isCloseTo(1_000.0, within(0.001));
	}

	@Test
	void noMachineFigureWithoutItsTicksAtBothEdgesOrWithoutRequests() {
		List<CpuSample> older = List.of(new CpuSample(START, Map.of("gateway", 0L)),
				new CpuSample(START + 10_000, Map.of("gateway", 100L), new MachineCpu(10, 20)));
		List<CpuSample> both = List.of(new CpuSample(START, Map.of(), new MachineCpu(0, 0)),
				new CpuSample(START + 10_000, Map.of(), new MachineCpu(100, 2_000)));

		assertThat(CpuAccounting.machine(older, START, START + 10_000, 100)).isEmpty();
		assertThat(CpuAccounting.machine(both, START, START + 10_000, 0)).isEmpty();
		assertThat(CpuAccounting.machine(both, START, START + 10_000, 100)).isPresent();
	}

	@Test
	void samplesOffTheWindowsEdgesAreUsedAsRatesSoTheFigureDoesNotMove() {
		// Samples 400 ms after the window opened and 300 ms before it closed: the rate
		// between them is still half a core.
		List<CpuSample> samples = List.of(new CpuSample(START + 400, Map.of("gateway", 20L)),
				new CpuSample(START + 9_700, Map.of("gateway", 20L + 465L)));

		Map<String, Double> perRequest = CpuAccounting.microsPerRequest(samples, START, START + 10_000, 500);

		assertThat(perRequest.get("gateway")).isCloseTo(1_000.0, within(0.5));
	}

	@Test
	void reportsNothingWhenTheSamplesDoNotReachTheWindowOrNoRequestCompleted() {
		List<CpuSample> early = List.of(new CpuSample(START - 60_000, Map.of("gateway", 0L)),
				new CpuSample(START - 50_000, Map.of("gateway", 100L)));
		List<CpuSample> covering = List.of(new CpuSample(START, Map.of("gateway", 0L)),
				new CpuSample(START + 10_000, Map.of("gateway", 100L)));

		assertThat(CpuAccounting.microsPerRequest(early, START, START + 10_000, 100)).isEmpty();
		assertThat(CpuAccounting.microsPerRequest(covering, START, START + 10_000, 0)).isEmpty();
	}

	@Test
	void aProcessThatStartedDuringTheWindowIsLeftOut() {
		List<CpuSample> samples = List.of(new CpuSample(START, Map.of("gateway", 0L)),
				new CpuSample(START + 10_000, Map.of("gateway", 100L, "injector", 500L)));

		assertThat(CpuAccounting.microsPerRequest(samples, START, START + 10_000, 100)).containsOnlyKeys("gateway");
	}

	@Test
	void percentPerSecondIsTicksOverElapsedTimeInPercentOfOneCore() {
		List<CpuSample> samples = List.of(new CpuSample(START - 1000, Map.of("gateway", 0L)),
				new CpuSample(START, Map.of("gateway", 150L)), new CpuSample(START + 2000, Map.of("gateway", 250L)),
				// the sampler's closing reading, 50 ms after the last: skipped
				new CpuSample(START + 2050, Map.of("gateway", 251L)));

		List<CpuSecond> seconds = CpuAccounting.percentPerSecond(samples, START);

		assertThat(seconds).hasSize(2);
		assertThat(seconds.get(0).t()).isEqualTo(-1.0);
		assertThat(seconds.get(0).percent().get("gateway")).isCloseTo(150.0, within(0.001));
		assertThat(seconds.get(1).t()).isEqualTo(0.0);
		assertThat(seconds.get(1).percent().get("gateway")).isCloseTo(50.0, within(0.001));
	}

	@Test
	void readsTheSamplersFileAndSkipsALineCutShort(@TempDir Path dir) throws Exception {
		Path file = dir.resolve(CpuSample.FILE);
		Files.writeString(file, """
				{"epochMs":2000,"ticks":{"gateway":7},"machine":{"busy":40,"total":400}}
				{"epochMs":1000,"ticks":{"gateway":3,"nginx":1}}
				{"epochMs":3000,"ticks":{"gatew""");

		List<CpuSample> samples = CpuAccounting.read(file);

		assertThat(samples).extracting(CpuSample::epochMs).containsExactly(1000L, 2000L);
		assertThat(samples.get(0).ticks()).containsEntry("nginx", 1L);
		assertThat(samples.get(0).machine()).as("a line from before the machine was read").isNull();
		assertThat(samples.get(1).machine()).isEqualTo(new MachineCpu(40, 400));
	}

}
