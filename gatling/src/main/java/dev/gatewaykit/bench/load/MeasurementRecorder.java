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
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import org.HdrHistogram.Histogram;

import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Warmup;
import dev.gatewaykit.bench.model.WarmupOutcome;

/**
 * Records every request of a simulation by the time it completed, so the bench's figures
 * come from the measured window alone, never from login or warm-up traffic. Gatling 3.15
 * writes its own log in a binary format that is not meant to be parsed; its HTML report
 * stays the detailed per-mode view.
 * <p>
 * The browsing phase starts when the first browsing user calls {@link #startPhase()}.
 * Then comes the warm-up: a fixed number of seconds, or (the default) until the
 * per-second OK throughput is steady by the {@link Warmup} rule, checked once per whole
 * second; the window then opens at the next whole second, so no completion is ever
 * reclassified. The next {@code durationSeconds} are the measured window; completions
 * after it (the last in-flight requests) are the tail. Latencies are kept in one
 * HdrHistogram per second and one for the window, at two significant digits (1 %
 * resolution), which is all a p99 needs; the per-second histograms go into
 * {@code timeseries.json} too, so the report can merge any span of seconds exactly, and
 * the window's seconds into {@code latency.hlog} ({@link LatencyLog}, HdrHistogram's
 * interval log), which {@code ./kit merge} adds up across injectors.
 * <p>
 * Thread-safe: Gatling calls it from its event loops. The lock is uncontended at the
 * rates this bench runs.
 */
public final class MeasurementRecorder {

	private static final long HIGHEST_TRACKABLE_MS = LatencyHistograms.HIGHEST_TRACKABLE_MS;

	/**
	 * Written when the browsing phase opens, so the kit can act at a chosen second of the
	 * window.
	 */
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

	private WarmupOutcome warmupOutcome;

	private BooleanSupplier compilerSettled = () -> true;

	/** The last whole second the warm-up rule looked at. */
	private int evaluatedSeconds = -1;

	private Runnable onWindowOpen = () -> {
	};

	private ScheduledExecutorService progress;

	/**
	 * Also waits for {@code settled} before calling the throughput steady (the gateway's
	 * JIT compilers, {@link CompilerWatch}); without it, throughput alone decides.
	 */
	public synchronized void compilerSettled(BooleanSupplier settled) {
		this.compilerSettled = settled;
	}

	public MeasurementRecorder(BenchSettings settings, LongSupplier clock) {
		this.settings = settings;
		this.clock = clock;
	}

	/**
	 * Opens the browsing phase; only the first call counts.
	 * @return whether this call opened it
	 */
	public boolean startPhase() {
		boolean opened;
		synchronized (this) {
			if (this.phaseStart >= 0) {
				return false;
			}
			long now = this.clock.getAsLong();
			this.phaseStart = now;
			Warmup warmup = this.settings.warmup();
			if (this.settings.startsAtAnInstant()) {
				openAtTheStartInstant(now);
			}
			else if (!warmup.auto()) {
				openWindow(now + warmup.minSeconds() * 1000L,
						new WarmupOutcome(warmup.describe(), warmup.minSeconds(), false, null, null));
			}
			opened = this.windowStart != Long.MAX_VALUE;
		}
		if (opened) {
			this.onWindowOpen.run();
		}
		return true;
	}

	/**
	 * Runs {@code action} once, when the measured window opens (on the thread that
	 * noticed; keep it short): the simulation writes {@value #PHASE_FILE} and reads the
	 * gateway's meters then.
	 */
	public synchronized void onWindowOpen(Runnable action) {
		this.onWindowOpen = action;
	}

	/**
	 * Applies the warm-up rule if a whole second has passed since it last looked; call it
	 * now and then.
	 */
	public void tick() {
		boolean opened;
		synchronized (this) {
			opened = evaluateWarmup(this.clock.getAsLong());
		}
		if (opened) {
			this.onWindowOpen.run();
		}
	}

	/** Guarded by the lock. Whether this call opened the window. */
	private boolean evaluateWarmup(long now) {
		if (this.phaseStart < 0 || this.windowStart != Long.MAX_VALUE) {
			return false;
		}
		int completed = (int) ((now - this.phaseStart) / 1000);
		if (completed <= this.evaluatedSeconds) {
			return false;
		}
		this.evaluatedSeconds = completed;
		long[] okPerSecond = new long[completed];
		this.seconds.headMap(completed).forEach((second, bucket) -> okPerSecond[second] = bucket.ok);
		Warmup warmup = this.settings.warmup();
		Warmup.Decision decision = warmup.decide(okPerSecond, completed, this.compilerSettled.getAsBoolean());
		if (!decision.opens()) {
			return false;
		}
		int span = warmup.stableSeconds();
		// The second in progress is still warm-up: the window opens at the next whole
		// second, after this moment.
		openWindow(this.phaseStart + (completed + 1) * 1000L,
				new WarmupOutcome(warmup.describe(), completed + 1, decision == Warmup.Decision.STEADY,
						Warmup.mean(okPerSecond, completed - span, completed),
						Warmup.mean(okPerSecond, completed - 2 * span, completed - span)));
		return true;
	}

	/**
	 * Guarded by the lock. Opens the window at the settings' start instant: the phase's
	 * seconds are counted back from it, so that the instant falls on a whole second of
	 * the phase as the window's start always does (the phase then starts up to a second
	 * before its first request, when nothing completes yet). A load that begins after the
	 * instant opens its window at the first whole second after it that is still ahead,
	 * and says so: its window is not the other injectors', and the merge will refuse it.
	 */
	private void openAtTheStartInstant(long now) {
		long instant = this.settings.windowStartEpochMs();
		long start = instant;
		if (now > instant) {
			start = instant + ((now - instant) / 1000 + 1) * 1000;
			System.out.println("[" + this.settings.label() + "] the start instant " + instant + " passed "
					+ (now - instant) + " ms before the load began: the window opens at " + start
					+ " instead, not with the other injectors'");
		}
		this.phaseStart = start - ((start - now + 999) / 1000) * 1000;
		int seconds = (int) ((start - this.phaseStart) / 1000);
		openWindow(start, new WarmupOutcome("until the start instant " + instant, seconds, false, null, null));
	}

	private void openWindow(long start, WarmupOutcome outcome) {
		this.windowStart = start;
		this.windowEnd = start + this.settings.durationSeconds() * 1000L;
		this.warmupOutcome = outcome;
	}

	/**
	 * Writes {@value #PHASE_FILE} into {@code dir}: when the browsing phase opened and
	 * when the measured window opens and closes (epoch ms); call it once the window is
	 * open. {@code ./kit bench --flip-at} waits for it to switch the gateway's mode at a
	 * second of the window.
	 */
	public void writePhase(Path dir) {
		Map<String, Long> phase = new LinkedHashMap<>();
		synchronized (this) {
			if (this.windowStart == Long.MAX_VALUE) {
				throw new IllegalStateException("the measured window has not opened");
			}
			phase.put("phaseStartEpochMs", this.phaseStart);
			phase.put("windowStartEpochMs", this.windowStart);
			phase.put("windowEndEpochMs", this.windowEnd);
		}
		try {
			Files.createDirectories(dir);
			// Written aside and moved, so a reader polling for the file never sees half
			// of it.
			Path partial = dir.resolve(PHASE_FILE + ".partial");
			BenchJson.write(partial, phase);
			Files.move(partial, dir.resolve(PHASE_FILE), StandardCopyOption.REPLACE_EXISTING,
					StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + dir.resolve(PHASE_FILE), ex);
		}
	}

	/** How the warm-up ended; {@code null} while it goes on. */
	public synchronized WarmupOutcome warmupOutcome() {
		return this.warmupOutcome;
	}

	/** Whether a request sent now is warm-up (also before the phase started). */
	public boolean inWarmup() {
		return this.clock.getAsLong() < this.windowStart;
	}

	/**
	 * Whether closed-model users should send another request: until the measured window
	 * closes.
	 */
	public boolean running() {
		return this.clock.getAsLong() < this.windowEnd;
	}

	/**
	 * Whether the requests still in flight after the window closed have had their time:
	 * the run may stop without them.
	 */
	public boolean drained() {
		long end = this.windowEnd;
		return end != Long.MAX_VALUE && this.clock.getAsLong() >= end + this.settings.drainSeconds() * 1000L;
	}

	/**
	 * The warm-up's length in whole seconds: as long as it has lasted while the window is
	 * not open yet.
	 */
	private synchronized int warmupSeconds() {
		if (this.phaseStart < 0) {
			return 0;
		}
		long end = (this.windowStart != Long.MAX_VALUE) ? this.windowStart : this.clock.getAsLong();
		return (int) ((end - this.phaseStart) / 1000);
	}

	/** Records one login of the setup phase. */
	public synchronized void recordLogin(Integer status, Integer responseTimeMs) {
		this.login.record(status, responseTimeMs);
	}

	/**
	 * Records one browsing request that has just completed.
	 * @param status the HTTP status, {@code null} when no response came (timeout,
	 * connection error)
	 * @param responseTimeMs Gatling's response time, {@code null} when no response came
	 */
	public void record(Integer status, Integer responseTimeMs) {
		if (this.phaseStart < 0) {
			startPhase();
		}
		boolean opened;
		synchronized (this) {
			opened = recordLocked(status, responseTimeMs);
		}
		if (opened) {
			this.onWindowOpen.run();
		}
	}

	private boolean recordLocked(Integer status, Integer responseTimeMs) {
		long end = this.clock.getAsLong();
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
		// When it was sent: what tells a request served across a mode switch from one
		// sent after it. Without a response time (a timeout, a connection error) the
		// client's timeout is the oldest it can be.
		long sent = end - ((responseTimeMs != null) ? responseTimeMs : this.settings.requestTimeoutMs());
		Phase bucket = this.seconds.computeIfAbsent(second, (key) -> new Phase());
		bucket.record(status, responseTimeMs);
		bucket.earliestSent = Math.min(bucket.earliestSent, sent);
		return evaluateWarmup(end);
	}

	/**
	 * Prints {@link #progressLine()} every {@code periodSeconds} on a daemon thread until
	 * {@link #stop()}.
	 */
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
		// The warm-up rule also runs on completions; this covers a gateway that completes
		// nothing for a while.
		this.progress.scheduleAtFixedRate(this::tick, 250, 250, TimeUnit.MILLISECONDS);
	}

	public synchronized void stop() {
		if (this.progress != null) {
			this.progress.shutdownNow();
			this.progress = null;
		}
	}

	/**
	 * One line for the terminal:
	 * {@code [naive] measuring 35/80 s | live 74 ok/s, 0 ko/s | window 1120 ok, 0 ko}.
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
		String of = (this.windowEnd != Long.MAX_VALUE) ? "/" + ((this.windowEnd - this.phaseStart) / 1000) : "";
		return "[" + this.settings.label() + "] " + phase + " " + elapsed + of + " s | live " + Numbers.trim(okRate, 0)
				+ " ok/s, " + Numbers.trim(koRate, 0) + " ko/s | window " + this.measured.ok + " ok, "
				+ this.measured.ko + " ko";
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
		boolean opened = this.phaseStart >= 0 && this.windowStart != Long.MAX_VALUE;
		return new MeasuredRun(MeasuredRun.SCHEMA, this.settings.label(), this.settings.target().id(),
				this.settings.workload(), warmupSeconds(), this.settings.durationSeconds(),
				this.settings.requestTimeoutMs(), Math.max(0, this.phaseStart), opened ? this.windowStart : 0,
				opened ? this.windowEnd : 0, window, this.warmup.stats(), this.tail.stats(), this.login.stats(),
				assertions, this.warmupOutcome);
	}

	public synchronized TimeSeries timeSeries() {
		List<TimeSeries.Second> list = new ArrayList<>();
		int warmupSeconds = warmupSeconds();
		for (Map.Entry<Integer, Phase> entry : this.seconds.entrySet()) {
			Phase bucket = entry.getValue();
			list.add(new TimeSeries.Second(entry.getKey() - warmupSeconds, bucket.ok, bucket.ko,
					(bucket.ok > 0) ? bucket.latency() : null,
					(bucket.ok > 0) ? LatencyHistograms.encode(bucket.okLatency) : null,
					bucket.earliestSent - (this.phaseStart + warmupSeconds * 1000L)));
		}
		return new TimeSeries(TimeSeries.SCHEMA, this.settings.label(), warmupSeconds, this.settings.durationSeconds(),
				list);
	}

	/**
	 * The measured window's OK latencies, one histogram per second of it (empty for a
	 * second without an OK response); none before the window opened.
	 */
	public synchronized List<Histogram> windowHistograms() {
		if (this.phaseStart < 0 || this.windowStart == Long.MAX_VALUE) {
			return List.of();
		}
		int first = warmupSeconds();
		List<Histogram> window = new ArrayList<>();
		for (int second = first; second < first + this.settings.durationSeconds(); second++) {
			Phase bucket = this.seconds.get(second);
			window.add((bucket != null) ? bucket.okLatency.copy() : LatencyHistograms.empty());
		}
		return window;
	}

	/**
	 * Writes {@code measured.json} and {@code timeseries.json} into {@code dir}, creating
	 * it, and, once the window has opened, the window's {@value LatencyLog#FILE}.
	 */
	public void write(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create " + dir, ex);
		}
		MeasuredRun run = measuredRun();
		BenchJson.write(dir.resolve("measured.json"), run);
		BenchJson.write(dir.resolve("timeseries.json"), timeSeries());
		List<Histogram> window = windowHistograms();
		if (!window.isEmpty()) {
			LatencyLog.write(dir.resolve(LatencyLog.FILE), run.windowStartEpochMs(), window);
		}
	}

	/**
	 * Counts and OK latencies of one phase or one second; guarded by the recorder's lock.
	 */
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
