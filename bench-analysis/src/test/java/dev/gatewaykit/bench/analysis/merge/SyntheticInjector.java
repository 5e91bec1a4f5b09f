package dev.gatewaykit.bench.analysis.merge;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;

/**
 * What one injector recorded for one mode, second by second ({@code t} relative to its
 * window: warm-up below 0, the tail from the window's length on), written as the recorder
 * writes it: {@code measured.json}, {@code timeseries.json} and {@code latency.hlog}.
 * Failures answer 502.
 */
public final class SyntheticInjector {

	/** Every synthetic warm-up lasts this long. */
	static final int WARMUP_SECONDS = 2;

	private final String name;

	private final long windowStart;

	private final int duration;

	private final Map<Integer, Histogram> ok = new TreeMap<>();

	private final Map<Integer, Long> ko = new TreeMap<>();

	private Workload workload = Workload.open(100);

	private String label = "fixed";

	public SyntheticInjector(String name, long windowStartEpochMs, int durationSeconds) {
		this.name = name;
		this.windowStart = windowStartEpochMs;
		this.duration = durationSeconds;
	}

	public String name() {
		return this.name;
	}

	/** {@code count} OK responses of {@code valueMs} completed in second {@code t}. */
	public SyntheticInjector ok(int t, long valueMs, long count) {
		this.ok.computeIfAbsent(t, (key) -> LatencyHistograms.empty()).recordValueWithCount(valueMs, count);
		this.ko.putIfAbsent(t, 0L);
		return this;
	}

	/** {@code count} failed requests completed in second {@code t}. */
	public SyntheticInjector ko(int t, long count) {
		this.ko.merge(t, count, Long::sum);
		this.ok.computeIfAbsent(t, (key) -> LatencyHistograms.empty());
		return this;
	}

	public SyntheticInjector workload(Workload workload) {
		this.workload = workload;
		return this;
	}

	public SyntheticInjector label(String label) {
		this.label = label;
		return this;
	}

	/** The window's seconds as recorded, one histogram each. */
	List<Histogram> windowHistograms() {
		List<Histogram> window = new ArrayList<>();
		for (int t = 0; t < this.duration; t++) {
			window.add(this.ok.getOrDefault(t, LatencyHistograms.empty()));
		}
		return window;
	}

	/** What completed in seconds {@code from} (inclusive) to {@code to}, as recorded. */
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

	/** Writes the three files into {@code dir}; returns it. */
	public Path write(Path dir) {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		this.ok.forEach((t, histogram) -> {
			long count = histogram.getTotalCount();
			seconds.add(new TimeSeries.Second(t, count, this.ko.get(t),
					(count > 0) ? LatencyHistograms.latency(histogram) : null,
					(count > 0) ? LatencyHistograms.encode(histogram) : null, t * 1000L - 40));
		});
		List<AssertionResult> gates = List.of(new AssertionResult("p99 < 500 ms", 30, true));
		MeasuredRun measured = new MeasuredRun(MeasuredRun.SCHEMA, this.label, "gateway", this.workload, WARMUP_SECONDS,
				this.duration, 90_000, this.windowStart - WARMUP_SECONDS * 1000L, this.windowStart,
				this.windowStart + this.duration * 1000L, phase(0, this.duration), phase(-WARMUP_SECONDS, 0),
				phase(this.duration, Integer.MAX_VALUE), new PhaseStats(10, 0, null, Map.of("200", 10L)), gates, null);
		TimeSeries series = new TimeSeries(TimeSeries.SCHEMA, this.label, WARMUP_SECONDS, this.duration, seconds);
		new InjectorMerge.Merged(measured, series, windowHistograms()).write(dir);
		return dir;
	}

	/** Writes the files into {@code dir} and reads them back as the merge does. */
	InjectorMerge.Injector read(Path dir) {
		return InjectorMerge.Injector.read(this.name, write(dir));
	}

}
