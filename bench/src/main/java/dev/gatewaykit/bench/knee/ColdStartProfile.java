package dev.gatewaykit.bench.knee;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import dev.gatewaykit.bench.analysis.diagnostics.CodeTier;
import dev.gatewaykit.bench.analysis.diagnostics.CompileTask;
import dev.gatewaykit.bench.analysis.knee.ColdProfile;
import dev.gatewaykit.bench.probe.AsyncProfiler;
import dev.gatewaykit.bench.probe.AsyncProfiler.ProfilerException;

/**
 * A fresh gateway's CPU over its cold start's first seconds ({@link #SECONDS}), every
 * thread profiled by async-profiler: what kind of code it ran each second
 * ({@link ColdProfile}, from a dump at each second's end), what its JIT compiled most,
 * and one flame graph of them all. The profiler is attached before the load's first
 * request, so that loading it costs the gateway no time once the load runs; each dump
 * then costs it a few milliseconds, the flame graph at the end more. Loaded at run time,
 * async-profiler also has HotSpot record debug information at every compilation after it
 * ({@code DebugNonSafepoints}): the JIT's share it shows is a profiled gateway's
 * (docs/knee.md).
 */
final class ColdStartProfile implements AutoCloseable {

	/** The seconds of the load profiled. */
	static final int SECONDS = 10;

	/** The flame graph of those seconds, in the cold start's directory. */
	static final String FLAME_GRAPH = "profile.html";

	/** Their collapsed stacks, annotated: the last dump's. */
	static final String COLLAPSED = "profile.collapsed";

	/** How long {@link #finish} waits past the last dump's due time. */
	private static final Duration FINISH_TIMEOUT = Duration.ofSeconds(30);

	private final AsyncProfiler profiler;

	private final long pid;

	private final Path dir;

	private final int seconds;

	/** Each dump's tiers, added on the clock's thread, read once it has ended. */
	private final List<Map<CodeTier, Long>> dumps = new CopyOnWriteArrayList<>();

	/** What the JIT compiled most, read from the last dump. */
	private volatile List<CompileTask> compiling = List.of();

	/** Whether the profiler still samples the gateway. */
	private final AtomicBoolean sampling = new AtomicBoolean(true);

	private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "cold-start-profile");
		thread.setDaemon(true);
		return thread;
	});

	/** Why the profile stopped short, when it did: the first reason only. */
	private final AtomicReference<String> failure = new AtomicReference<>();

	private ColdStartProfile(AsyncProfiler profiler, long pid, Path dir, int seconds) {
		this.profiler = profiler;
		this.pid = pid;
		this.dir = dir;
		this.seconds = seconds;
	}

	/**
	 * Starts {@code profiler} on JVM {@code pid} for {@code seconds} of load, writing
	 * into {@code dir}, which exists.
	 */
	static ColdStartProfile start(AsyncProfiler profiler, long pid, Path dir, int seconds) throws ProfilerException {
		profiler.startCpuCompiling(pid);
		return new ColdStartProfile(profiler, pid, dir, seconds);
	}

	/**
	 * Dumps at the end of each of the load's first seconds, the load's first request sent
	 * now, then stops with the flame graph.
	 */
	void loadStarted() {
		for (int second = 1; second <= this.seconds; second++) {
			this.clock.schedule(this::dump, second, TimeUnit.SECONDS);
		}
	}

	/**
	 * What each second ran, once every dump and the flame graph are written; empty when
	 * the profile failed (see {@link #failure()}).
	 */
	Optional<ColdProfile> finish() throws InterruptedException {
		this.clock.shutdown();
		if (!this.clock.awaitTermination(this.seconds + FINISH_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
			fail("its dumps were not done " + FINISH_TIMEOUT.toSeconds() + " s after the last was due");
			close();
		}
		if (failure().isPresent() || this.dumps.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(ColdProfile.of(this.dumps, this.compiling));
	}

	Optional<String> failure() {
		return Optional.ofNullable(this.failure.get());
	}

	/**
	 * Cancels the dumps still to come and stops the profiler if it still samples: a cold
	 * start that ended early leaves nothing running in the gateway or here.
	 */
	@Override
	public void close() {
		this.clock.shutdownNow();
		stopSampling();
	}

	private void dump() {
		if (failure().isPresent()) {
			return;
		}
		Path collapsed = this.dir.resolve(COLLAPSED);
		try {
			this.profiler.dumpAnnotated(this.pid, collapsed);
			String stacks = Files.readString(collapsed);
			this.dumps.add(CodeTier.count(stacks));
			if (this.dumps.size() == this.seconds && this.sampling.compareAndSet(true, false)) {
				this.compiling = CompileTask.top(stacks, ColdProfile.COMPILING);
				this.profiler.stopFlameGraph(this.pid, this.dir.resolve(FLAME_GRAPH),
						"a fresh gateway's first " + this.seconds + " s of load");
			}
		}
		catch (ProfilerException | IOException ex) {
			fail(ex.getMessage());
			stopSampling();
		}
	}

	/** Stops the profiler unless it was stopped already; a failure to is only noted. */
	private void stopSampling() {
		if (this.sampling.compareAndSet(true, false)) {
			try {
				this.profiler.stop(this.pid);
			}
			catch (ProfilerException ex) {
				fail(ex.getMessage());
			}
		}
	}

	private void fail(String why) {
		this.failure.compareAndSet(null, why);
	}

}
