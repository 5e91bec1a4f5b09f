package dev.gatewaykit.bench.load;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MeasurementRecorderTests {

	/** 2 s warm-up, 3 s window, a p99 gate of 100 ms. */
	private static final BenchSettings SETTINGS = BenchSettings.from(Map.of("bench.warmupSeconds", "2",
			"bench.durationSeconds", "3", "bench.p99Ms", "100", "bench.label", "naive")::get);

	private final AtomicLong now = new AtomicLong(1_000_000);

	private final MeasurementRecorder recorder = new MeasurementRecorder(SETTINGS, this.now::get);

	@Test
	void assignsRequestsToWarmUpWindowAndTailByCompletionTime() {
		this.recorder.startPhase();
		at(500, 200, 40);
		at(1_999, 200, 40);
		at(2_000, 200, 10);
		at(3_500, 500, 5);
		at(4_999, 200, 30);
		at(5_000, 200, 99);

		MeasuredRun run = this.recorder.measuredRun();

		assertThat(run.warmup().ok()).isEqualTo(2);
		assertThat(run.measured().ok()).isEqualTo(2);
		assertThat(run.measured().ko()).isEqualTo(1);
		assertThat(run.tail().ok()).isEqualTo(1);
		assertThat(run.windowSeconds()).isEqualTo(3);
		assertThat(run.windowStartEpochMs() - run.phaseStartEpochMs()).isEqualTo(2_000);
		assertThat(run.measured().outcomes()).isEqualTo(Map.of("200", 2L, "500", 1L));
	}

	@Test
	void latencyCountsOkResponsesOnly() {
		this.recorder.startPhase();
		at(2_100, 200, 10);
		at(2_200, 200, 30);
		at(2_300, 502, 1);
		at(2_400, null, null);

		MeasuredRun run = this.recorder.measuredRun();

		assertThat(run.measured().latencyMs().mean()).isCloseTo(20, within(0.01));
		assertThat(run.measured().latencyMs().max()).isEqualTo(30);
		assertThat(run.measured().ko()).isEqualTo(2);
		assertThat(run.measured().outcomes()).containsEntry(MeasurementRecorder.NO_RESPONSE, 1L);
	}

	@Test
	void loginsAreKeptApartFromTheMeasuredWindow() {
		this.recorder.recordLogin(200, 150);
		this.recorder.recordLogin(401, 20);
		this.recorder.startPhase();

		MeasuredRun run = this.recorder.measuredRun();

		assertThat(run.login().ok()).isEqualTo(1);
		assertThat(run.login().ko()).isEqualTo(1);
		assertThat(run.measured().total()).isZero();
	}

	@Test
	void theWarmUpClockStartsWithTheFirstBrowsingRequestNotWithTheLogins() {
		this.recorder.recordLogin(200, 150);
		this.now.addAndGet(10_000);

		assertThat(this.recorder.inWarmup()).isTrue();
		assertThat(this.recorder.running()).isTrue();
		this.recorder.startPhase();
		this.now.addAndGet(2_000);
		assertThat(this.recorder.inWarmup()).isFalse();
		this.now.addAndGet(3_000);
		assertThat(this.recorder.running()).isFalse();
	}

	@Test
	void evaluatesTheGatesOnTheWindow() {
		this.recorder.startPhase();
		for (int i = 0; i < 99; i++) {
			at(2_000 + i, 200, 50);
		}
		at(2_500, 200, 400);
		at(2_600, 503, 1);

		MeasuredRun run = this.recorder.measuredRun();

		assertThat(run.assertions()).extracting(AssertionResult::name, AssertionResult::passed)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("p99 < 100 ms", true),
					org.assertj.core.groups.Tuple.tuple("errors <= 1 %", true));
		at(2_700, 503, 1);
		assertThat(this.recorder.measuredRun().assertions().get(1).passed()).isFalse();
	}

	@Test
	void buildsPerSecondSeriesRelativeToTheWindow() {
		this.recorder.startPhase();
		at(100, 200, 10);
		at(2_100, 200, 20);
		at(2_200, 200, 30);
		at(2_300, 500, 1);

		TimeSeries series = this.recorder.timeSeries();

		assertThat(series.seconds()).extracting(TimeSeries.Second::t, TimeSeries.Second::ok, TimeSeries.Second::ko)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(-2, 1L, 0L),
					org.assertj.core.groups.Tuple.tuple(0, 2L, 1L));
		assertThat(series.seconds().get(1).latencyMs().max()).isEqualTo(30);
	}

	@Test
	void printsAProgressLineWithThroughputOverTheLastFiveSeconds() {
		this.recorder.startPhase();
		for (int i = 0; i < 50; i++) {
			at(2_000 + i * 60, 200, 10);
		}
		this.now.set(1_000_000 + 7_000);

		assertThat(this.recorder.progressLine())
			.isEqualTo("[naive] draining 7/5 s | live 10 ok/s, 0 ko/s | window 50 ok, 0 ko");
	}

	@Test
	void writesFilesTheCliReads(@TempDir Path dir) {
		this.recorder.startPhase();
		at(2_500, 200, 42);

		this.recorder.write(dir.resolve("naive"));

		MeasuredRun run = BenchJson.read(dir.resolve("naive/measured.json"), MeasuredRun.class);
		TimeSeries series = BenchJson.read(dir.resolve("naive/timeseries.json"), TimeSeries.class);
		assertThat(run.measured().latencyMs().p99()).isEqualTo(42);
		assertThat(run.label()).isEqualTo("naive");
		assertThat(series.seconds()).hasSize(1);
	}

	@Test
	void writesTheWindowsSecondsAsAnIntervalLogStartingAtTheWindowsEpochSecond(@TempDir Path dir) {
		this.recorder.startPhase();
		at(1_500, 200, 99);
		at(2_100, 200, 10);
		at(2_200, 200, 30);
		at(2_300, 500, 1);
		at(4_100, 200, 50);
		at(5_100, 200, 77);

		this.recorder.write(dir);

		List<LatencyLog.Interval> log = LatencyLog.read(dir.resolve(LatencyLog.FILE));
		long windowStart = 1_002_000;
		// The 3 s window only, the empty second included; warm-up and tail stay out.
		assertThat(log).extracting((interval) -> LatencyLog.secondOf(interval, windowStart)).containsExactly(0, 1, 2);
		assertThat(log).extracting((interval) -> interval.histogram().getTotalCount()).containsExactly(2L, 0L, 1L);
		assertThat(log.get(0).startEpochMs()).isCloseTo(windowStart, within(1L));
		assertThat(log.get(0).histogram().getMaxValue()).isEqualTo(30);
		assertThat(log.get(2).histogram().getMaxValue()).isEqualTo(50);
		// Its OK counts are timeseries.json's, second by second.
		TimeSeries series = BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class);
		assertThat(series.seconds()).filteredOn((second) -> second.t() >= 0 && second.t() < 3)
			.extracting(TimeSeries.Second::t, TimeSeries.Second::ok)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(0, 2L), org.assertj.core.groups.Tuple.tuple(2, 1L));
	}

	@Test
	void writesNoIntervalLogBeforeTheWindowOpened(@TempDir Path dir) {
		this.recorder.recordLogin(200, 100);

		this.recorder.write(dir);

		assertThat(dir.resolve("measured.json")).exists();
		assertThat(dir.resolve(LatencyLog.FILE)).doesNotExist();
	}

	@Test
	void eachSecondCarriesAHistogramThatMergesExactly() {
		this.recorder.startPhase();
		for (int i = 0; i < 99; i++) {
			at(2_000 + i, 200, 20);
		}
		at(2_500, 503, 1);
		at(3_100, 200, 900);
		at(3_200, 200, 20);

		TimeSeries series = this.recorder.timeSeries();

		List<String> histograms = series.seconds().stream().map(TimeSeries.Second::okHistogram).toList();
		assertThat(histograms).doesNotContainNull();
		Latency merged = LatencyHistograms.latency(LatencyHistograms.merge(histograms));
		// 100 of 101 OK responses took 20 ms: the merged p99 is 20, though one second's
		// own p99 is 900.
		assertThat(merged.p99()).isEqualTo(20);
		assertThat(merged.max()).isCloseTo(900, within(9.0));
		assertThat(series.seconds().get(1).latencyMs().p99()).isCloseTo(900, within(9.0));
	}

	@Test
	void eachSecondRecordsWhenItsOldestRequestWasSent() {
		this.recorder.startPhase();
		at(2_100, 200, 30);
		at(2_900, 200, 1_500);
		at(3_200, 200, 20);
		at(3_300, null, null);

		TimeSeries series = this.recorder.timeSeries();

		// Relative to the window's opening (2 s after the phase): 2.9 s − 1.5 s = 1.4 s →
		// −600 ms.
		assertThat(series.seconds().get(0).earliestSentMs()).isEqualTo(-600);
		// No response: the client's timeout (30 s by default) is as old as it can be.
		assertThat(series.seconds().get(1).earliestSentMs()).isEqualTo(3_300 - 2_000 - SETTINGS.requestTimeoutMs());
	}

	@Test
	void writesPhaseJsonOnceWhenThePhaseOpens(@TempDir Path dir) {
		assertThat(this.recorder.startPhase()).isTrue();
		assertThat(this.recorder.startPhase()).isFalse();

		this.recorder.writePhase(dir);

		JsonNode phase = BenchJson.readTree(dir.resolve(MeasurementRecorder.PHASE_FILE));
		assertThat(phase.path("phaseStartEpochMs").asLong()).isEqualTo(1_000_000);
		assertThat(phase.path("windowStartEpochMs").asLong()).isEqualTo(1_002_000);
		assertThat(phase.path("windowEndEpochMs").asLong()).isEqualTo(1_005_000);
		assertThat(dir.resolve(MeasurementRecorder.PHASE_FILE + ".partial")).doesNotExist();
	}

	@Test
	void anAutomaticWarmUpOpensTheWindowAtTheNextWholeSecondOnceTheThroughputIsSteady() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.warmupSeconds", "auto", "bench.maxWarmupSeconds",
				"60", "bench.durationSeconds", "3", "bench.label", "fixed")::get);
		MeasurementRecorder auto = new MeasurementRecorder(settings, this.now::get);
		AtomicLong opened = new AtomicLong();
		auto.onWindowOpen(opened::incrementAndGet);
		this.now.set(1_000_000);
		auto.startPhase();
		// 1/s for 5 s, then flat at 10/s: steady once 20 flat seconds are complete, i.e.
		// at 25 s.
		for (int second = 0; second < 25; second++) {
			for (int i = 0; i < ((second < 5) ? 1 : 10); i++) {
				this.now.set(1_000_000 + second * 1000L + i * 50L);
				auto.record(200, 5);
			}
		}
		assertThat(opened).hasValue(0);
		assertThat(auto.running()).isTrue();

		this.now.set(1_025_100);
		auto.record(200, 5);

		assertThat(opened).hasValue(1);
		MeasuredRun run = auto.measuredRun();
		assertThat(run.windowStartEpochMs() - run.phaseStartEpochMs()).isEqualTo(26_000);
		assertThat(run.warmupSeconds()).isEqualTo(26);
		assertThat(run.warmupOutcome().steady()).isTrue();
		assertThat(run.warmupOutcome().lastMeanTps()).isEqualTo(10.0);
		assertThat(run.measured().total()).isZero();

		this.now.set(1_026_000);
		auto.record(200, 5);
		this.now.set(1_029_000);
		auto.record(200, 5);
		assertThat(auto.measuredRun().measured().ok()).isEqualTo(1);
		assertThat(auto.measuredRun().tail().ok()).isEqualTo(1);
		assertThat(auto.timeSeries().warmupSeconds()).isEqualTo(26);
		assertThat(auto.timeSeries().seconds()).first().extracting(TimeSeries.Second::t).isEqualTo(-26);
		assertThat(opened).hasValue(1);
	}

	@Test
	void anAutomaticWarmUpThatNeverSettlesOpensAtItsLongestAndSaysSo() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.warmupSeconds", "auto", "bench.maxWarmupSeconds",
				"20", "bench.durationSeconds", "3")::get);
		MeasurementRecorder auto = new MeasurementRecorder(settings, this.now::get);
		this.now.set(1_000_000);
		auto.startPhase();
		for (int second = 0; second < 20; second++) {
			for (int i = 0; i <= second * 3; i++) {
				this.now.set(1_000_000 + second * 1000L + i);
				auto.record(200, 5);
			}
		}
		assertThat(auto.warmupOutcome()).isNull();

		// Nothing completes any more: the periodic tick still ends the warm-up.
		this.now.set(1_020_500);
		auto.tick();

		assertThat(auto.warmupOutcome().steady()).isFalse();
		assertThat(auto.warmupOutcome().seconds()).isEqualTo(21);
		assertThat(auto.warmupOutcome().describe()).contains("NOT steady");
	}

	@Test
	void aStartInstantOpensTheWindowThenWhateverTheWarmUpRuleSays() {
		// An automatic warm-up would wait for a steady throughput; the instant wins.
		BenchSettings settings = BenchSettings.from(Map.of("bench.warmupSeconds", "auto", "bench.durationSeconds", "3",
				"bench.windowStartEpochMs", "1012345", "bench.label", "fixed")::get);
		MeasurementRecorder injector = new MeasurementRecorder(settings, this.now::get);
		this.now.set(1_000_500);
		injector.startPhase();
		this.now.set(1_012_344);
		injector.record(200, 7);
		this.now.set(1_012_345);
		injector.record(200, 9);
		this.now.set(1_015_344);
		injector.record(200, 11);
		this.now.set(1_015_345);
		injector.record(200, 13);

		MeasuredRun run = injector.measuredRun();

		assertThat(run.windowStartEpochMs()).isEqualTo(1_012_345);
		assertThat(run.windowEndEpochMs()).isEqualTo(1_015_345);
		// The phase's seconds count back from the instant: it starts 12 whole seconds
		// before it, up to a second before the first request.
		assertThat(run.phaseStartEpochMs()).isEqualTo(1_000_345);
		assertThat(run.warmupSeconds()).isEqualTo(12);
		assertThat(run.warmupOutcome().describe()).isEqualTo("12 s (fixed)");
		assertThat(run.warmup().ok()).isEqualTo(1);
		assertThat(run.measured().ok()).isEqualTo(2);
		assertThat(run.tail().ok()).isEqualTo(1);
		assertThat(injector.timeSeries().seconds()).extracting(TimeSeries.Second::t, TimeSeries.Second::ok)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(-1, 1L), org.assertj.core.groups.Tuple.tuple(0, 1L),
					org.assertj.core.groups.Tuple.tuple(2, 1L), org.assertj.core.groups.Tuple.tuple(3, 1L));
	}

	@Test
	void aLoadThatBeginsAfterTheStartInstantOpensAtTheNextWholeSecondAfterIt() {
		BenchSettings settings = BenchSettings.from(Map.of("bench.durationSeconds", "3", "bench.windowStartEpochMs",
				"1000000", "bench.label", "late")::get);
		MeasurementRecorder injector = new MeasurementRecorder(settings, this.now::get);
		this.now.set(1_002_300);

		injector.startPhase();

		MeasuredRun run = injector.measuredRun();
		assertThat(run.windowStartEpochMs()).isEqualTo(1_003_000);
		assertThat(run.phaseStartEpochMs()).isEqualTo(1_002_000);
		assertThat(injector.inWarmup()).isTrue();
	}

	@Test
	void theRunMayStopOnceTheWindowClosedAndTheDrainTimePassed() {
		this.recorder.startPhase();
		this.now.set(1_000_000 + 5_000 + 4_999);
		assertThat(this.recorder.drained()).isFalse();

		this.now.set(1_000_000 + 5_000 + 5_000);

		assertThat(this.recorder.drained()).isTrue();
	}

	private void at(long sincePhaseStart, Integer status, Integer responseTimeMs) {
		this.now.set(1_000_000 + sincePhaseStart);
		this.recorder.record(status, responseTimeMs);
	}

}
