package dev.gatewaykit.bench.analysis.merge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
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

	@Test
	void addsCountsAndHistogramsExactly() {
		InjectorMerge.Injector fast = new Recording("a", WINDOW_START, 2).ok(0, 10, 500).ok(1, 10, 500).ko(1, 3).read();
		InjectorMerge.Injector slow = new Recording("b", WINDOW_START + 40, 2).ok(0, 30, 400).ok(1, 30, 600).read();

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
		Recording whole = new Recording("whole", WINDOW_START, duration);
		Recording left = new Recording("left", WINDOW_START, duration);
		Recording right = new Recording("right", WINDOW_START + 7, duration);
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

		InjectorMerge.Merged two = InjectorMerge.merge(List.of(left.read(), right.read()));

		// Against what was recorded, not against another merge: each second's histogram,
		// the window's, warm-up's and tail's counts, outcomes and percentiles.
		assertThat(two.window()).isEqualTo(whole.windowHistograms());
		assertThat(two.measured().measured()).isEqualTo(whole.phase(0, duration));
		assertThat(two.measured().warmup()).isEqualTo(whole.phase(-2, 0));
		assertThat(two.measured().tail()).isEqualTo(whole.phase(duration, Integer.MAX_VALUE));
		InjectorMerge.Merged one = InjectorMerge.merge(List.of(whole.read()));
		assertThat(two.series().seconds()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("okHistogram")
			.isEqualTo(one.series().seconds());
	}

	@Test
	void refusesWindowsThatOpenedMoreThanHalfASecondApart() {
		InjectorMerge.Injector first = new Recording("a", WINDOW_START, 2).ok(0, 10, 5).read();
		InjectorMerge.Injector late = new Recording("b", WINDOW_START + 501, 2).ok(0, 10, 5).read();

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> InjectorMerge.merge(List.of(first, late)))
			.withMessageContaining("windows not aligned: b's opened 501 ms from a's");
	}

	@Test
	void acceptsWindowsThatOpenedWithinHalfASecondAndKeepsTheEarliestStart() {
		InjectorMerge.Injector first = new Recording("a", WINDOW_START, 2).ok(0, 10, 5).read();
		InjectorMerge.Injector early = new Recording("b", WINDOW_START - 500, 2).ok(0, 10, 5).read();

		InjectorMerge.Merged merged = InjectorMerge.merge(List.of(first, early));

		assertThat(merged.measured().windowStartEpochMs()).isEqualTo(WINDOW_START - 500);
		assertThat(merged.measured().measured().ok()).isEqualTo(10);
	}

	@Test
	void refusesWindowsOfDifferentLengths() {
		InjectorMerge.Injector shorter = new Recording("a", WINDOW_START, 2).ok(0, 10, 5).read();
		InjectorMerge.Injector longer = new Recording("b", WINDOW_START, 3).ok(0, 10, 5).read();

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.merge(List.of(shorter, longer)))
			.withMessageContaining("windows of different lengths: b measured 3 s, a 2 s");
	}

	@Test
	void refusesADirectoryWithoutItsLog() throws Exception {
		Path written = new Recording("a", WINDOW_START, 2).ok(0, 10, 5).write();
		Files.delete(written.resolve(LatencyLog.FILE));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.Injector.read("injector 1", written))
			.withMessageContaining("no latency.hlog in " + written);
	}

	@Test
	void refusesALogThatDisagreesWithItsCounts() {
		Recording recording = new Recording("a", WINDOW_START, 2).ok(0, 10, 5);
		InjectorMerge.Injector honest = recording.read();
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
		InjectorMerge.Injector open = new Recording("a", WINDOW_START, 2).ok(0, 10, 5).read();
		Recording closed = new Recording("b", WINDOW_START, 2).ok(0, 10, 5);
		closed.workload = Workload.closed(50);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> InjectorMerge.merge(List.of(open, closed.read())))
			.withMessageContaining("different load models: b ran 50 users, a 100 req/s");
	}

	@Test
	void keepsEachInjectorsGatesUnderItsName() {
		InjectorMerge.Merged merged = InjectorMerge
			.merge(List.of(new Recording("injector 1", WINDOW_START, 2).ok(0, 10, 5).read(),
					new Recording("injector 2", WINDOW_START, 2).ok(0, 10, 5).read()));

		assertThat(merged.measured().assertions()).extracting(AssertionResult::name)
			.containsExactly("injector 1: p99 < 500 ms", "injector 2: p99 < 500 ms");
	}

	@Test
	void aMergedDirectoryMergesAgain() {
		Recording a = new Recording("a", WINDOW_START, 2).ok(0, 10, 100);
		Recording b = new Recording("b", WINDOW_START, 2).ok(1, 30, 100);
		Recording c = new Recording("c", WINDOW_START, 2).ok(0, 50, 100);
		Path ab = this.dir.resolve("ab");
		InjectorMerge.merge(List.of(a.read(), b.read())).write(ab);

		InjectorMerge.Merged all = InjectorMerge.merge(List.of(InjectorMerge.Injector.read("ab", ab), c.read()));

		assertThat(all.measured().measured().ok()).isEqualTo(300);
		assertThat(all.measured().measured().latencyMs().max()).isEqualTo(50);
		assertThat(all.measured().workload()).isEqualTo(Workload.open(300));
		assertThat(all.window()).extracting(Histogram::getTotalCount).containsExactly(200L, 100L);
	}

	/**
	 * What one injector recorded, second by second (t relative to its window, warm-up
	 * below 0, tail from the duration on), written as the recorder writes it and read
	 * back from its files.
	 */
	private final class Recording {

		private final String name;

		private final long windowStart;

		private final int duration;

		private final Map<Integer, Histogram> ok = new TreeMap<>();

		private final Map<Integer, Long> ko = new TreeMap<>();

		Workload workload = Workload.open(100);

		Recording(String name, long windowStart, int duration) {
			this.name = name;
			this.windowStart = windowStart;
			this.duration = duration;
		}

		Recording ok(int second, long valueMs, long count) {
			this.ok.computeIfAbsent(second, (t) -> LatencyHistograms.empty()).recordValueWithCount(valueMs, count);
			this.ko.putIfAbsent(second, 0L);
			return this;
		}

		Recording ko(int second, long count) {
			this.ko.merge(second, count, Long::sum);
			this.ok.computeIfAbsent(second, (t) -> LatencyHistograms.empty());
			return this;
		}

		List<Histogram> windowHistograms() {
			List<Histogram> window = new ArrayList<>();
			for (int t = 0; t < this.duration; t++) {
				window.add(this.ok.getOrDefault(t, LatencyHistograms.empty()));
			}
			return window;
		}

		Path write() {
			Path out = InjectorMergeTests.this.dir.resolve(this.name + "-" + System.nanoTime());
			int warmup = 2;
			List<TimeSeries.Second> seconds = new ArrayList<>();
			this.ok.forEach((t, histogram) -> {
				long count = histogram.getTotalCount();
				seconds.add(new TimeSeries.Second(t, count, this.ko.get(t),
						(count > 0) ? LatencyHistograms.latency(histogram) : null,
						(count > 0) ? LatencyHistograms.encode(histogram) : null, t * 1000L - 40));
			});
			List<AssertionResult> gates = List.of(new AssertionResult("p99 < 500 ms", 30, true));
			MeasuredRun measured = new MeasuredRun(MeasuredRun.SCHEMA, "fixed", "gateway", this.workload, warmup,
					this.duration, 90_000, this.windowStart - warmup * 1000L, this.windowStart,
					this.windowStart + this.duration * 1000L, phase(0, this.duration), phase(-warmup, 0),
					phase(this.duration, Integer.MAX_VALUE), new PhaseStats(10, 0, null, Map.of("200", 10L)), gates,
					null);
			List<Histogram> window = new ArrayList<>();
			for (int t = 0; t < this.duration; t++) {
				window.add(this.ok.getOrDefault(t, LatencyHistograms.empty()));
			}
			new InjectorMerge.Merged(measured,
					new TimeSeries(TimeSeries.SCHEMA, "fixed", warmup, this.duration, seconds), window)
				.write(out);
			return out;
		}

		InjectorMerge.Injector read() {
			return InjectorMerge.Injector.read(this.name, write());
		}

		PhaseStats phase(int from, int to) {
			Histogram latencies = LatencyHistograms.empty();
			long okCount = 0;
			long koCount = 0;
			for (Map.Entry<Integer, Histogram> entry : this.ok.entrySet()) {
				if (entry.getKey() >= from && entry.getKey() < to) {
					latencies.add(entry.getValue());
					okCount += entry.getValue().getTotalCount();
					koCount += this.ko.get(entry.getKey());
				}
			}
			Map<String, Long> outcomes = new TreeMap<>();
			if (okCount > 0) {
				outcomes.put("200", okCount);
			}
			if (koCount > 0) {
				outcomes.put("502", koCount);
			}
			return new PhaseStats(okCount, koCount, LatencyHistograms.latency(latencies), outcomes);
		}

	}

}
