package dev.gatewaykit.bench.analysis.summary;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class SummarizerTests {

	static final Path FIXTURES = dev.gatewaykit.bench.analysis.TestFiles.FIXTURE_RUN;

	private static final LinkLatencies LINKS = new LinkLatencies(25, 3, 0);

	@Test
	void parsesTheSimulationsMeasuredWindow() {
		MeasuredRun measured = BenchJson.read(FIXTURES.resolve("naive/measured.json"), MeasuredRun.class);

		assertThat(measured.label()).isEqualTo("naive");
		assertThat(measured.workload()).isEqualTo(Workload.closed(200));
		assertThat(measured.windowSeconds()).isEqualTo(60);
		assertThat(measured.measured().ok()).isEqualTo(4508);
		assertThat(measured.measured().ko()).isEqualTo(12);
		assertThat(measured.measured().latencyMs().p99()).isEqualTo(3900);
		assertThat(measured.measured().outcomes()).containsEntry("502", 12L);
		assertThat(measured.login().ok()).isEqualTo(100);
	}

	@Test
	void parsesTheGatewaysSelfDescription() {
		GatewayFacts gateway = BenchJson.read(FIXTURES.resolve("naive/gateway.json"), GatewayFacts.class);

		assertThat(gateway).isEqualTo(new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive"));
	}

	@Test
	void summarizesThroughputErrorsLatencyAndPrediction() {
		ModeSummary summary = summarize("naive");

		assertThat(summary.tps()).isCloseTo(4508 / 60.0, within(1e-9));
		assertThat(summary.errorPct()).isCloseTo(12 * 100.0 / 4520, within(1e-9));
		assertThat(summary.valid()).isTrue();
		assertThat(summary.executionMode()).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(summary.latencyMs().p50()).isEqualTo(2600);
		assertThat(summary.prediction().formula()).isEqualTo("4 loops / 53 ms injected = 75");
		assertThat(summary.login().ok()).isEqualTo(100);
		assertThat(summary.assertions()).extracting(AssertionResult::passed).containsExactly(true);
	}

	@Test
	void anOpenWorkloadsRateBoundsTheModesTheKitDoesNotModelToo() {
		MeasuredRun measured = BenchJson.read(FIXTURES.resolve("naive/measured.json"), MeasuredRun.class);

		ModeSummary vanilla = Summarizer.summarize(ModeSummary.VANILLA, measured, null, null, LINKS,
				Workload.open(400));
		ModeSummary closed = Summarizer.summarize(ModeSummary.VANILLA, measured, null, null, LINKS,
				Workload.closed(150));

		assertThat(vanilla.prediction().tps()).isEqualTo(400.0);
		assertThat(vanilla.prediction().formula()).isEqualTo("offered 400 req/s");
		assertThat(closed.prediction().tps()).as("a closed workload has no rate").isNull();
	}

	@Test
	void measuresTheSpreadOfPerSecondTpsInsideTheWindowOnly() {
		TimeSeries series = new TimeSeries(1, "x", 2, 3,
				List.of(second(-2, 5), second(-1, 500), second(0, 70), second(1, 80), second(2, 90), second(3, 1)));

		ModeSummary.Spread spread = Summarizer.tpsSpread(series);

		assertThat(spread.min()).isEqualTo(70);
		assertThat(spread.max()).isEqualTo(90);
		assertThat(spread.stdDev()).isCloseTo(Math.sqrt(200 / 3.0), within(1e-9));
	}

	@Test
	void countsASecondWithoutCompletionsAsZero() {
		TimeSeries series = new TimeSeries(1, "x", 0, 3, List.of(second(0, 10), second(2, 10)));

		assertThat(Summarizer.tpsSpread(series).min()).isZero();
	}

	@Test
	void theGatewaysOwnModeWinsOverTheModeName() {
		GatewayFacts blocking = new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive");

		assertThat(Summarizer.executionMode("reactive", blocking)).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(Summarizer.executionMode("fixed", null)).isEqualTo(ExecutionMode.REACTIVE);
	}

	/**
	 * gateway-mvc's modes are not execution modes: the summary names them by its mode,
	 * and Little's law takes Tomcat's threads in mvc-platform and none in mvc-virtual.
	 */
	@Test
	void anMvcModeIsPredictedByItsThreadsWithNoExecutionMode() {
		MeasuredRun measured = BenchJson.read(FIXTURES.resolve("naive/measured.json"), MeasuredRun.class);
		GatewayFacts platform = new GatewayFacts(MvcMode.PLATFORM.id(), null, 0, 0, 0, "path-pattern", null, 200, 2);
		GatewayFacts virtual = new GatewayFacts(MvcMode.VIRTUAL.id(), null, 0, 0, 0, "path-pattern", null, null, 2);

		ModeSummary onPlatform = Summarizer.summarize("mvc-platform", measured, null, platform, LINKS,
				measured.workload());
		ModeSummary onVirtual = Summarizer.summarize("mvc-virtual", measured, null, virtual, LINKS,
				measured.workload());

		assertThat(onPlatform.executionMode()).isNull();
		assertThat(onPlatform.prediction().formula()).isEqualTo("200 Tomcat threads / 53 ms injected = 3774");
		assertThat(onVirtual.executionMode()).isNull();
		assertThat(onVirtual.prediction().threadBound()).isNull();
		assertThat(Summarizer.mvcMode("mvc-platform", virtual)).contains(MvcMode.VIRTUAL);
		assertThat(Summarizer.mvcMode("naive", null)).isEmpty();
		assertThat(Summarizer.order("mvc-virtual")).isLessThan(Summarizer.order(ModeSummary.VANILLA));
	}

	@Test
	void theCeilingHasNoPredictionAndNoExecutionMode() {
		MeasuredRun measured = BenchJson.read(FIXTURES.resolve("ceiling/measured.json"), MeasuredRun.class);

		ModeSummary summary = Summarizer.summarize(ModeSummary.CEILING, measured, null, null, LINKS,
				measured.workload());

		assertThat(summary.executionMode()).isNull();
		assertThat(summary.prediction().tps()).isNull();
		assertThat(summary.tps()).isCloseTo(144330 / 60.0, within(1e-9));
	}

	@Test
	void rejectsAnEmptyWindow() {
		MeasuredRun measured = BenchJson.read(FIXTURES.resolve("naive/measured.json"), MeasuredRun.class);
		MeasuredRun empty = new MeasuredRun(1, "x", "gateway", Workload.closed(1), 0, 0, 1, 0, 0, 0,
				measured.measured(), measured.warmup(), measured.tail(), measured.login(), List.of(), null);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> Summarizer.summarize("naive", empty, null, null, LINKS, Workload.closed(1)))
			.withMessageContaining("empty window");
	}

	@Test
	void aModeSummaryRoundTripsThroughJson(@org.junit.jupiter.api.io.TempDir Path dir) {
		ModeSummary summary = summarize("fixed");
		Path file = dir.resolve("mode-summary.json");

		BenchJson.write(file, summary);

		ModeSummary read = BenchJson.read(file, ModeSummary.class);
		assertThat(read).isEqualTo(summary);
		assertThat(BenchJson.readTree(file).path("executionMode").asString()).isEqualTo("reactive");
		assertThat(BenchJson.readTree(file).path("workload").path("model").asString()).isEqualTo("closed");
	}

	@Test
	void aFlipRunStartsInTheGatewaysModeAndLeavesThePredictionToEachSide() {
		Path dir = FIXTURES.resolve("naive");
		MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
		GatewayFacts gateway = BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class);

		ModeSummary flip = Summarizer.summarize(ModeSummary.FLIP, measured, null, gateway, LINKS, measured.workload());

		assertThat(flip.executionMode()).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(flip.prediction().tps()).isNull();
		assertThat(flip.prediction().formula()).isEqualTo("mode switched during the window: see before/after");
		assertThat(Summarizer.order(ModeSummary.FLIP)).isLessThan(Summarizer.order(ModeSummary.CEILING));
	}

	@Test
	void aMissingFileIsBadInputNamingTheFile() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> BenchJson.read(FIXTURES.resolve("nowhere/measured.json"), MeasuredRun.class))
			.withMessageContaining("nowhere/measured.json");
	}

	static ModeSummary summarize(String mode) {
		Path dir = FIXTURES.resolve(mode);
		MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
		TimeSeries series = BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class);
		GatewayFacts gateway = BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class);
		return Summarizer.summarize(mode, measured, series, gateway, LINKS, measured.workload());
	}

	private static TimeSeries.Second second(int t, long ok) {
		return new TimeSeries.Second(t, ok, 0, new Latency(1, 1, 1, 1, 1));
	}

}
