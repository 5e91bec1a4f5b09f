package dev.gatewaykit.bench.load;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.HdrHistogram.Histogram;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;

/**
 * Records every request of a simulation by the time it completed, so the bench's figures come from the measured
 * window alone, never from login or warm-up traffic. Gatling 3.15 writes its own log in a binary format that is not
 * meant to be parsed; its HTML report stays the detailed per-mode view.
 * <p>
 * The browsing phase starts when the first browsing user calls {@link #startPhase()}. The first
 * {@code warmupSeconds} are warm-up; the next {@code durationSeconds} are the measured window; completions after
 * it (the last in-flight requests) are the tail. Latencies are kept in one HdrHistogram per second and one for the
 * window, at two significant digits (1 % resolution), which is all a p99 needs; the per-second histograms go into
 * {@code timeseries.json} too, so the report can merge any span of seconds exactly.
 * <p>
 * Thread-safe: Gatling calls it from its event loops. The lock is uncontended at the rates this bench runs.
 */
public final class MeasurementRecorder {

	private static final long HIGHEST_TRACKABLE_MS = LatencyHistograms.HIGHEST_TRACKABLE_MS;

	/** Written when the browsing phase opens, so the kit can act at a chosen second of the window. */
	public static final String PHASE_FILE = "phase.json";

	/** The status a product or login request must answer with to count as OK. */
	public static final int OK_STATUS = 200;

	static final String NO_RESPONSE = "no response";

	private final BenchSettings settings;

	private final LongSupplier clock;

	private final Phase login = new Phase();

	private final Phase warmup = new Phase();

	private final Phase measured = new Phase();

	private final Phase tail = new Phase();

	private final TreeMap<Integer, Phase> seconds = new TreeMap<>();

	private volatile long phaseStart = -1;

	private volatile long windowStart = Long.MAX_VALUE;

	private volatile long windowEnd = Long.MAX_VALUE;

	private ScheduledExecutorService progress;

	public MeasurementRecorder(BenchSettings settings, LongSupplier clock) {
		this.settings = settings;
		this.clock = clock;
	}

	/**
	 * Opens the browsing phase; only the first call counts.
	 * @return whether this call opened it
	 */
	public synchronized boolean startPhase() {
		if (this.phaseStart >= 0) {
			return false;
		}
		long now = this.clock.getAsLong();
		this.phaseStart = now;
		this.windowStart = now + this.settings.warmupSeconds() * 1000L;
		this.windowEnd = this.windowStart + this.settings.durationSeconds() * 1000L;
		return true;
	}

	/**
	 * Writes {@value #PHASE_FILE} into {@code dir}: when the browsing phase opened and when the measured window opens
	 * and closes (epoch ms). {@code ./kit bench --flip-at} waits for it to switch the gateway's mode at a second of
	 * the window.
	 */
	public void writePhase(Path dir) {
		Map<String, Long> phase = new LinkedHashMap<>();
		synchronized (this) {
			if (this.phaseStart < 0) {
				throw new IllegalStateException("the browsing phase has not started");
			}
			phase.put("phaseStartEpochMs", this.phaseStart);
			phase.put("windowStartEpochMs", this.windowStart);
			phase.put("windowEndEpochMs", this.windowEnd);
		}
		try {
			Files.createDirectories(dir);
			// Written aside and moved, so a reader polling for the file never sees half of it.
			Path partial = dir.resolve(PHASE_FILE + ".partial");
			BenchJson.write(partial, phase);
			Files.move(partial, dir.resolve(PHASE_FILE), StandardCopyOption.REPLACE_EXISTING,
					StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + dir.resolve(PHASE_FILE), ex);
		}
	}

	/** Whether a request sent now is warm-up (also before the phase started). */
	public boolean inWarmup() {
		return this.clock.getAsLong() < this.windowStart;
	}

	/** Whether closed-model users should send another request: until the measured window closes. */
	public boolean running() {
		return this.clock.getAsLong() < this.windowEnd;
	}

	/** Records one login of the setup phase. */
	public synchronized void recordLogin(Integer status, Integer responseTimeMs) {
		this.login.record(status, responseTimeMs);
	}

	/**
	 * Records one browsing request that has just completed.
	 * @param status the HTTP status, {@code null} when no response came (timeout, connection error)
	 * @param responseTimeMs Gatling's response time, {@code null} when no response came
	 */
	public synchronized void record(Integer status, Integer responseTimeMs) {
		long end = this.clock.getAsLong();
		if (this.phaseStart < 0) {
			startPhase();
		}
		if (end < this.windowStart) {
			this.warmup.record(status, responseTimeMs);
		}
		else if (end < this.windowEnd) {
			this.measured.record(status, responseTimeMs);
		}
		else {
			this.tail.record(status, responseTimeMs);
		}
		int second = (int) ((end - this.phaseStart) / 1000);
		// When it was sent: what tells a request served across a mode switch from one sent after it. Without a
		// response time (a timeout, a connection error) the client's timeout is the oldest it can be.
		long sent = end - ((responseTimeMs != null) ? responseTimeMs : this.settings.requestTimeoutMs());
		Phase bucket = this.seconds.computeIfAbsent(second, (key) -> new Phase());
		bucket.record(status, responseTimeMs);
		bucket.earliestSent = Math.min(bucket.earliestSent, sent);
	}

	/** Prints {@link #progressLine()} every {@code periodSeconds} on a daemon thread until {@link #stop()}. */
	public synchronized void startProgress(PrintStream out, int periodSeconds) {
		if (this.progress != null) {
			return;
		}
		this.progress = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "bench-progress");
			thread.setDaemon(true);
			return thread;
		});
		this.progress.scheduleAtFixedRate(() -> {
			if (this.phaseStart >= 0) {
				out.println(progressLine());
			}
		}, periodSeconds, periodSeconds, TimeUnit.SECONDS);
	}

	public synchronized void stop() {
		if (this.progress != null) {
			this.progress.shutdownNow();
			this.progress = null;
		}
	}

	/**
	 * One line for the terminal: {@code [naive] measuring 35/80 s | live 74 ok/s, 0 ko/s | window 1120 ok, 0 ko}.
	 * "Live" averages the last five complete seconds.
	 */
	public synchronized String progressLine() {
		long now = this.clock.getAsLong();
		String phase = (now < this.windowStart) ? "warm-up" : (now < this.windowEnd) ? "measuring" : "draining";
		long elapsed = (this.phaseStart < 0) ? 0 : (now - this.phaseStart) / 1000;
		int current = (int) elapsed;
		long ok = 0;
		long ko = 0;
		int span = 0;
		for (int second = Math.max(0, current - 5); second < current; second++) {
			Phase bucket = this.seconds.get(second);
			if (bucket != null) {
				ok += bucket.ok;
				ko += bucket.ko;
			}
			span++;
		}
		double okRate = (span == 0) ? 0 : (double) ok / span;
		double koRate = (span == 0) ? 0 : (double) ko / span;
		return "[" + this.settings.label() + "] " + phase + " " + elapsed + "/" + this.settings.totalSeconds()
				+ " s | live " + Numbers.trim(okRate, 0) + " ok/s, " + Numbers.trim(koRate, 0) + " ko/s | window "
				+ this.measured.ok + " ok, " + this.measured.ko + " ko";
	}

	public synchronized MeasuredRun measuredRun() {
		PhaseStats window = this.measured.stats();
		List<AssertionResult> assertions = new ArrayList<>();
		if (this.settings.gatesP99()) {
			double p99 = window.latencyMs().p99();
			assertions.add(new AssertionResult("p99 < " + this.settings.p99Ms() + " ms", p99,
					window.ok() > 0 && p99 < this.settings.p99Ms()));
		}
		if (this.settings.gatesErrors()) {
			double errors = window.errorPct();
			assertions.add(new AssertionResult("errors <= " + Numbers.trim(this.settings.maxErrorPct(), 2) + " %",
					errors, window.total() > 0 && errors <= this.settings.maxErrorPct()));
		}
		boolean started = this.phaseStart >= 0;
		return new MeasuredRun(MeasuredRun.SCHEMA, this.settings.label(), this.settings.target().id(),
				this.settings.workload(), this.settings.warmupSeconds(), this.settings.durationSeconds(),
				this.settings.requestTimeoutMs(), started ? this.phaseStart : 0, started ? this.windowStart : 0,
				started ? this.windowEnd : 0, window, this.warmup.stats(), this.tail.stats(), this.login.stats(),
				assertions);
	}

	public synchronized TimeSeries timeSeries() {
		List<TimeSeries.Second> list = new ArrayList<>();
		for (Map.Entry<Integer, Phase> entry : this.seconds.entrySet()) {
			Phase bucket = entry.getValue();
			list.add(new TimeSeries.Second(entry.getKey() - this.settings.warmupSeconds(), bucket.ok, bucket.ko,
					(bucket.ok > 0) ? bucket.latency() : null,
					(bucket.ok > 0) ? LatencyHistograms.encode(bucket.okLatency) : null,
					bucket.earliestSent - this.windowStart));
		}
		return new TimeSeries(TimeSeries.SCHEMA, this.settings.label(), this.settings.warmupSeconds(),
				this.settings.durationSeconds(), list);
	}

	/** Writes {@code measured.json} and {@code timeseries.json} into {@code dir}, creating it. */
	public void write(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create " + dir, ex);
		}
		BenchJson.write(dir.resolve("measured.json"), measuredRun());
		BenchJson.write(dir.resolve("timeseries.json"), timeSeries());
	}

	/** Counts and OK latencies of one phase or one second; guarded by the recorder's lock. */
	private static final class Phase {

		private final Histogram okLatency = LatencyHistograms.empty();

		private final Map<String, Long> outcomes = new TreeMap<>();

		private long ok;

		private long ko;

		/** The earliest send time (epoch ms) of the completions recorded here. */
		private long earliestSent = Long.MAX_VALUE;

		void record(Integer status, Integer responseTimeMs) {
			this.outcomes.merge((status != null) ? String.valueOf(status) : NO_RESPONSE, 1L, Long::sum);
			if (status != null && status == OK_STATUS) {
				this.ok++;
				long value = (responseTimeMs != null) ? Math.max(0, responseTimeMs) : 0;
				this.okLatency.recordValue(Math.min(value, HIGHEST_TRACKABLE_MS));
			}
			else {
				this.ko++;
			}
		}

		Latency latency() {
			return LatencyHistograms.latency(this.okLatency);
		}

		PhaseStats stats() {
			return new PhaseStats(this.ok, this.ko, latency(), this.outcomes);
		}

	}

}
