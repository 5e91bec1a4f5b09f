package dev.gatewaykit.bench.analysis.merge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class InjectorMergeTests {

	/** A window opening at an epoch instant with milliseconds, as a real one does. */
	private static final long WINDOW_START = 1_764_244_420_123L;

	@TempDir
	Path dir;

	private int written;

	@Test
	void addsCountsAndHistogramsExactly() {
		InjectorMerge.Injector fast = read(
				new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 500).ok(1, 10, 500).ko(1, 3));
		InjectorMerge.Injector slow = read(
				new SyntheticInjector("b", WINDOW_START + 40, 2).ok(0, 30, 400).ok(1, 30, 600));

		InjectorMerge.Merged merged = InjectorMerge.merge(List.of(fast, slow));

		PhaseStats window = merged.measured().measured();
		assertThat(window.ok()).isEqualTo(2000);
		assertThat(window.ko()).isEqualTo(3);
		assertThat(window.outcomes()).isEqualTo(Map.of("200", 2000L, "502", 3L));
		assertThat(window.latencyMs().p50()).isIn(10.0, 30.0);
		assertThat(window.latencyMs().p99()).isEqualTo(30);
		assertThat(window.latencyMs().max()).isEqualTo(30);
		assertThat(window.latencyMs().mean()).isCloseTo(20, within(0.01));
		assertThat(merged.series().seconds())
			.extracting(TimeSeries.Second::t, TimeSeries.Second::ok, TimeSeries.Second::ko)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(0, 900L, 0L),
					org.assertj.core.groups.Tuple.tuple(1, 1100L, 3L));
		assertThat(merged.window()).extracting(Histogram::getTotalCount).containsExactly(900L, 1100L);
		// Second 1: 500 × 10 ms and 600 × 30 ms, so its median is 30 ms.
		assertThat(merged.series().seconds().get(1).latencyMs().p50()).isEqualTo(30);
		assertThat(merged.measured().workload()).isEqualTo(Workload.open(200));
		assertThat(merged.measured().windowStartEpochMs()).isEqualTo(WINDOW_START);
		assertThat(merged.measured().windowSeconds()).isEqualTo(2);
	}

	@ParameterizedTest(name = "seed {0}")
	@ValueSource(longs = { 1, 2, 3, 24, 1_000_003 })
	void splittingOneInjectorsRecordingsAcrossTwoAndMergingGivesThemBack(long seed) {
		Random random = new Random(seed);
		int duration = 5;
		SyntheticInjector whole = new SyntheticInjector("whole", WINDOW_START, duration);
		SyntheticInjector left = new SyntheticInjector("left", WINDOW_START, duration);
		SyntheticInjector right = new SyntheticInjector("right", WINDOW_START + 7, duration);
		for (int second = -2; second < duration + 1; second++) {
			int requests = random.nextInt(3000);
			for (int i = 0; i < requests; i++) {
				// Long-tailed, up to 10 s: most values fall in buckets wider than 1 ms.
				long value = 1 + (long) Math.exp(random.nextDouble() * Math.log(10_000));
				whole.ok(second, value, 1);
				(random.nextBoolean() ? left : right).ok(second, value, 1);
			}
			int failed = random.nextInt(20);
			whole.ko(second, failed);
			left.ko(second, failed / 2);
			right.ko(second, failed - failed / 2);
		}

		InjectorMerge.Merged two = InjectorMerge.merge(List.of(read(left), read(right)));

		// Against what was recorded, not against another merge: each second's histogram,
		// the window's, warm-up's and tail's counts, outcomes and percentiles.
		assertThat(two.window()).isEqualTo(whole.windowHistograms());
		assertThat(two.measured().measured()).isEqualTo(whole.phase(0, duration));
		assertThat(two.measured().warmup()).isEqualTo(whole.phase(-2, 0));
		assertThat(two.measured().tail()).isEqualTo(whole.phase(duration, Integer.MAX_VALUE));
		InjectorMerge.Merged one = InjectorMerge.merge(List.of(read(whole)));
		assertThat(two.series().seconds()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("okHistogram")
			.isEqualTo(one.series().seconds());
	}

	@Test
	void refusesWindowsThatOpenedMoreThanHalfASecondApart() {
		InjectorMerge.Injector first = read(new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5));
		InjectorMerge.Injector late = read(new SyntheticInjector("b", WINDOW_START + 501, 2).ok(0, 10, 5));

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> InjectorMerge.merge(List.of(first, late)))
			.withMessageContaining("windows not aligned: b's opened 501 ms from a's");
	}

	@Test
	void acceptsWindowsThatOpenedWithinHalfASecondAndKeepsTheEarliestStart() {
		InjectorMerge.Injector first = read(new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5));
		InjectorMerge.Injector early = read(new SyntheticInjector("b", WINDOW_START - 500, 2).ok(0, 10, 5));

		InjectorMerge.Merged merged = InjectorMerge.merge(List.of(first, early));

		assertThat(merged.measured().windowStartEpochMs()).isEqualTo(WINDOW_START - 500);
		assertThat(merged.measured().measured().ok()).isEqualTo(10);
	}

	@Test
	void refusesWindowsOfDifferentLengths() {
		InjectorMerge.Injector shorter = read(new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5));
		InjectorMerge.Injector longer = read(new SyntheticInjector("b", WINDOW_START, 3).ok(0, 10, 5));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.merge(List.of(shorter, longer)))
			.withMessageContaining("windows of different lengths: b measured 3 s, a 2 s");
	}

	@Test
	void refusesADirectoryWithoutItsLog() throws Exception {
		Path written = new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5).write(this.dir.resolve("a"));
		Files.delete(written.resolve(LatencyLog.FILE));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.Injector.read("injector 1", written))
			.withMessageContaining("no latency.hlog in " + written);
	}

	@Test
	void refusesALogThatDisagreesWithItsCounts() {
		SyntheticInjector recording = new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5);
		InjectorMerge.Injector honest = read(recording);
		List<TimeSeries.Second> miscounted = honest.series()
			.seconds()
			.stream()
			.map((s) -> new TimeSeries.Second(s.t(), s.ok() + 1, s.ko(), s.latencyMs(), s.okHistogram(),
					s.earliestSentMs()))
			.toList();
		InjectorMerge.Injector wrong = new InjectorMerge.Injector("a", honest.measured(),
				new TimeSeries(TimeSeries.SCHEMA, "fixed", 2, 2, miscounted), honest.log());

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> InjectorMerge.merge(List.of(wrong)))
			.withMessageContaining(
					"a: latency.hlog has 5 OK latencies in second 0 of the window, timeseries.json " + "counts 6");
	}

	@Test
	void refusesDifferentLoadModels() {
		InjectorMerge.Injector open = read(new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 5));
		SyntheticInjector closed = new SyntheticInjector("b", WINDOW_START, 2).ok(0, 10, 5);
		closed.workload(Workload.closed(50));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.merge(List.of(open, read(closed))))
			.withMessageContaining("different load models: b ran 50 users, a 100 req/s");
	}

	@Test
	void keepsEachInjectorsGatesUnderItsName() {
		InjectorMerge.Merged merged = InjectorMerge
			.merge(List.of(read(new SyntheticInjector("injector 1", WINDOW_START, 2).ok(0, 10, 5)),
					read(new SyntheticInjector("injector 2", WINDOW_START, 2).ok(0, 10, 5))));

		assertThat(merged.measured().assertions()).extracting(AssertionResult::name)
			.containsExactly("injector 1: p99 < 500 ms", "injector 2: p99 < 500 ms");
	}

	@Test
	void aMergedDirectoryMergesAgain() {
		SyntheticInjector a = new SyntheticInjector("a", WINDOW_START, 2).ok(0, 10, 100);
		SyntheticInjector b = new SyntheticInjector("b", WINDOW_START, 2).ok(1, 30, 100);
		SyntheticInjector c = new SyntheticInjector("c", WINDOW_START, 2).ok(0, 50, 100);
		Path ab = this.dir.resolve("ab");
		InjectorMerge.merge(List.of(read(a), read(b))).write(ab);

		InjectorMerge.Merged all = InjectorMerge.merge(List.of(InjectorMerge.Injector.read("ab", ab), read(c)));

		assertThat(all.measured().measured().ok()).isEqualTo(300);
		assertThat(all.measured().measured().latencyMs().max()).isEqualTo(50);
		assertThat(all.measured().workload()).isEqualTo(Workload.open(300));
		assertThat(all.window()).extracting(Histogram::getTotalCount).containsExactly(200L, 100L);
	}

	private InjectorMerge.Injector read(SyntheticInjector injector) {
		return injector.read(this.dir.resolve(injector.name() + "-" + this.written++));
	}

}
