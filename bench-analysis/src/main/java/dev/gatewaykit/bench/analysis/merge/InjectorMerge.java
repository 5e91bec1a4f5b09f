package dev.gatewaykit.bench.analysis.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;

/**
 * One mode measured by several injectors at once, merged into what one injector would
 * have written ({@code measured.json}, {@code timeseries.json}, {@code latency.hlog}):
 * percentiles do not add, histograms do. Second <em>k</em> of the window is the sum of
 * every injector's interval <em>k</em> ({@code latency.hlog}, HdrHistogram's own log) and
 * of their counts at {@code t = k} ({@code timeseries.json}); the window's figures are
 * the sums over its seconds, so the merged count is exact and the merged percentiles are
 * those of one histogram holding every injector's recordings.
 * <p>
 * Interval <em>k</em> of two injectors is only the same second when their windows opened
 * together: the merge refuses windows that started more than {@value #START_TOLERANCE_MS}
 * ms apart (injectors given one start instant open within milliseconds of it), windows of
 * different lengths, other targets or load models, and a log that disagrees with its own
 * {@code timeseries.json}. Warm-up and tail seconds are merged from
 * {@code timeseries.json}'s histograms by their {@code t}. The logins' latency is not
 * merged (no histogram of it is kept), their counts are; each injector's gates are kept,
 * named after it, since a gate is evaluated where it ran.
 */
public final class InjectorMerge {

	/**
	 * How far apart the injectors' windows may have opened: half a second, so interval
	 * <em>k</em> of each overlaps the others' by more than half.
	 */
	public static final long START_TOLERANCE_MS = 500;

	private InjectorMerge() {
	}

	/**
	 * What one injector wrote for one mode.
	 *
	 * @param name how errors and gates name it
	 * @param measured its {@code measured.json}
	 * @param series its {@code timeseries.json}
	 * @param log its {@code latency.hlog}
	 */
	public record Injector(String name, MeasuredRun measured, TimeSeries series, List<LatencyLog.Interval> log) {

		public Injector {
			log = List.copyOf(log);
		}

		/**
		 * The injector that wrote {@code dir}.
		 * @throws BadInputException when a file is missing or malformed
		 */
		public static Injector read(String name, Path dir) {
			if (!Files.isDirectory(dir)) {
				throw new BadInputException(name + ": " + dir + " is not a directory");
			}
			return new Injector(name, BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class),
					BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class),
					LatencyLog.read(dir.resolve(LatencyLog.FILE)));
		}

	}

	/**
	 * The merge: what one injector offering all their load would have written.
	 *
	 * @param measured the merged {@code measured.json}
	 * @param series the merged {@code timeseries.json}
	 * @param window the merged window's histograms, one a second ({@code latency.hlog})
	 */
	public record Merged(MeasuredRun measured, TimeSeries series, List<Histogram> window) {

		public Merged {
			window = List.copyOf(window);
		}

		/**
		 * Writes the three files into {@code dir}, creating it: a merged directory is an
		 * injector's directory again, so merges merge.
		 */
		public void write(Path dir) {
			try {
				Files.createDirectories(dir);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot create " + dir, ex);
			}
			BenchJson.write(dir.resolve("measured.json"), this.measured);
			BenchJson.write(dir.resolve("timeseries.json"), this.series);
			LatencyLog.write(dir.resolve(LatencyLog.FILE), this.measured.windowStartEpochMs(), this.window);
		}

	}

	/**
	 * Merges what {@code injectors} wrote for one mode.
	 * @throws BadInputException when their windows do not align, their loads or targets
	 * differ, or a log disagrees with its counts
	 */
	public static Merged merge(List<Injector> injectors) {
		if (injectors.isEmpty()) {
			throw new BadInputException("no injector to merge");
		}
		Injector first = injectors.get(0);
		int duration = first.measured().durationSeconds();
		for (Injector injector : injectors) {
			check(injector, first);
		}
		long windowStart = injectors.stream().mapToLong((i) -> i.measured().windowStartEpochMs()).min().orElseThrow();
		Map<Integer, Second> seconds = new TreeMap<>();
		List<Histogram> window = new ArrayList<>();
		for (int k = 0; k < duration; k++) {
			window.add(LatencyHistograms.empty());
		}
		for (Injector injector : injectors) {
			long ownStart = injector.measured().windowStartEpochMs();
			Map<Integer, TimeSeries.Second> own = new TreeMap<>();
			injector.series().seconds().forEach((second) -> own.put(second.t(), second));
			for (int k = 0; k < duration; k++) {
				LatencyLog.Interval interval = injector.log().get(k);
				TimeSeries.Second counted = own.get(k);
				long ok = (counted != null) ? counted.ok() : 0;
				if (interval.histogram().getTotalCount() != ok) {
					throw new BadInputException(
							injector.name() + ": " + LatencyLog.FILE + " has " + interval.histogram().getTotalCount()
									+ " OK latencies in second " + k + " of the window, timeseries.json counts " + ok);
				}
				window.get(k).add(interval.histogram());
			}
			for (TimeSeries.Second second : injector.series().seconds()) {
				boolean inWindow = second.t() >= 0 && second.t() < duration;
				Histogram latencies = inWindow ? injector.log().get(second.t()).histogram()
						: histogram(injector, second);
				seconds.computeIfAbsent(second.t(), (t) -> new Second()).add(second, latencies, ownStart);
			}
		}
		List<TimeSeries.Second> merged = new ArrayList<>();
		seconds.forEach((t, second) -> merged.add(second.toSecond(t, windowStart)));
		int warmupSeconds = injectors.stream().mapToInt((i) -> i.measured().warmupSeconds()).max().orElseThrow();
		TimeSeries series = new TimeSeries(TimeSeries.SCHEMA, first.series().label(), warmupSeconds, duration, merged);
		return new Merged(measured(injectors, windowStart, window, seconds), series, window);
	}

	/** Whether {@code injector} can be merged with {@code first}: refused if not. */
	private static void check(Injector injector, Injector first) {
		MeasuredRun run = injector.measured();
		MeasuredRun reference = first.measured();
		String name = injector.name();
		if (run.windowStartEpochMs() <= 0) {
			throw new BadInputException(name + ": its measured window never opened");
		}
		if (run.durationSeconds() != reference.durationSeconds()) {
			throw new BadInputException("windows of different lengths: " + name + " measured " + run.durationSeconds()
					+ " s, " + first.name() + " " + reference.durationSeconds() + " s");
		}
		long apart = Math.abs(run.windowStartEpochMs() - reference.windowStartEpochMs());
		if (apart > START_TOLERANCE_MS) {
			throw new BadInputException("windows not aligned: " + name + "'s opened " + apart + " ms from "
					+ first.name() + "'s (at most " + START_TOLERANCE_MS
					+ " ms, so that second k of each is the same second: give the injectors one start instant)");
		}
		if (!run.target().equals(reference.target())) {
			throw new BadInputException("different targets: " + name + " measured " + run.target() + ", " + first.name()
					+ " " + reference.target());
		}
		if (run.workload() == null) {
			throw new BadInputException(name + ": measured.json records no workload");
		}
		if (reference.workload() != null && run.workload().model() != reference.workload().model()) {
			throw new BadInputException("different load models: " + name + " ran " + run.workload().describe() + ", "
					+ first.name() + " " + reference.workload().describe());
		}
		if (injector.log().size() != run.durationSeconds()) {
			throw new BadInputException(name + ": " + LatencyLog.FILE + " has " + injector.log().size()
					+ " intervals for a window of " + run.durationSeconds() + " s");
		}
		for (int k = 0; k < injector.log().size(); k++) {
			int second = LatencyLog.secondOf(injector.log().get(k), run.windowStartEpochMs());
			if (second != k) {
				throw new BadInputException(name + ": interval " + k + " of " + LatencyLog.FILE + " is second " + second
						+ " of its window (logs must hold one interval per second of the window, in order)");
			}
		}
	}

	private static Histogram histogram(Injector injector, TimeSeries.Second second) {
		if (second.ok() == 0) {
			return LatencyHistograms.empty();
		}
		if (second.okHistogram() == null) {
			throw new BadInputException(injector.name() + ": timeseries.json has no histogram at t = " + second.t()
					+ " (written by a kit before per-second histograms)");
		}
		return LatencyHistograms.decode(second.okHistogram());
	}

	private static MeasuredRun measured(List<Injector> injectors, long windowStart, List<Histogram> window,
			Map<Integer, Second> seconds) {
		MeasuredRun first = injectors.get(0).measured();
		int duration = first.durationSeconds();
		Histogram measuredLatency = LatencyHistograms.empty();
		window.forEach(measuredLatency::add);
		Histogram warmupLatency = LatencyHistograms.empty();
		Histogram tailLatency = LatencyHistograms.empty();
		seconds.forEach((t, second) -> {
			if (t < 0) {
				warmupLatency.add(second.latencies);
			}
			else if (t >= duration) {
				tailLatency.add(second.latencies);
			}
		});
		List<AssertionResult> assertions = new ArrayList<>();
		for (Injector injector : injectors) {
			for (AssertionResult gate : injector.measured().assertions()) {
				assertions.add(new AssertionResult(injector.name() + ": " + gate.name(), gate.actual(), gate.passed()));
			}
		}
		Injector longestWarmup = injectors.stream()
			.max(Comparator.comparingInt((Injector i) -> i.measured().warmupSeconds()))
			.orElseThrow();
		PhaseStats measured = sum(injectors.stream().map((i) -> i.measured().measured()).toList(), measuredLatency);
		long counted = window.stream().mapToLong(Histogram::getTotalCount).sum();
		if (counted != measured.ok()) {
			throw new BadInputException("the logs hold " + counted + " OK latencies in the window, the measured.json "
					+ "files count " + measured.ok() + " OK responses");
		}
		return new MeasuredRun(MeasuredRun.SCHEMA, first.label(), first.target(), workload(injectors),
				longestWarmup.measured().warmupSeconds(), duration,
				injectors.stream().mapToInt((i) -> i.measured().requestTimeoutMs()).max().orElseThrow(),
				injectors.stream().mapToLong((i) -> i.measured().phaseStartEpochMs()).min().orElseThrow(), windowStart,
				windowStart + duration * 1000L, measured,
				sum(injectors.stream().map((i) -> i.measured().warmup()).toList(), warmupLatency),
				sum(injectors.stream().map((i) -> i.measured().tail()).toList(), tailLatency),
				sum(injectors.stream().map((i) -> i.measured().login()).toList(), null), assertions,
				longestWarmup.measured().warmupOutcome());
	}

	/** The injectors' loads added: users for a closed model, rates for an open one. */
	static Workload workload(List<Injector> injectors) {
		Workload first = injectors.get(0).measured().workload();
		if (first.model() == LoadModel.CLOSED) {
			return Workload.closed(injectors.stream().mapToInt((i) -> i.measured().workload().users()).sum());
		}
		return Workload.open(injectors.stream().mapToDouble((i) -> i.measured().workload().rate()).sum());
	}

	/**
	 * The counts of {@code phases} added, with the latency of {@code latencies} (none
	 * when {@code null}).
	 */
	private static PhaseStats sum(List<PhaseStats> phases, @Nullable Histogram latencies) {
		long ok = 0;
		long ko = 0;
		Map<String, Long> outcomes = new TreeMap<>();
		for (PhaseStats phase : phases) {
			ok += phase.ok();
			ko += phase.ko();
			phase.outcomes().forEach((outcome, count) -> outcomes.merge(outcome, count, Long::sum));
		}
		return new PhaseStats(ok, ko, (latencies != null) ? LatencyHistograms.latency(latencies) : null, outcomes);
	}

	/** One second of the merge, as the injectors' seconds are added into it. */
	private static final class Second {

		private final Histogram latencies = LatencyHistograms.empty();

		private long ok;

		private long ko;

		/** Epoch ms; {@code Long.MAX_VALUE} while no injector said. */
		private long earliestSent = Long.MAX_VALUE;

		void add(TimeSeries.Second second, Histogram okLatencies, long windowStartEpochMs) {
			this.ok += second.ok();
			this.ko += second.ko();
			this.latencies.add(okLatencies);
			if (second.earliestSentMs() != null) {
				this.earliestSent = Math.min(this.earliestSent, windowStartEpochMs + second.earliestSentMs());
			}
		}

		TimeSeries.Second toSecond(int t, long windowStartEpochMs) {
			boolean answered = this.ok > 0;
			return new TimeSeries.Second(t, this.ok, this.ko,
					answered ? LatencyHistograms.latency(this.latencies) : null,
					answered ? LatencyHistograms.encode(this.latencies) : null,
					(this.earliestSent != Long.MAX_VALUE) ? this.earliestSent - windowStartEpochMs : null);
		}

	}

}
