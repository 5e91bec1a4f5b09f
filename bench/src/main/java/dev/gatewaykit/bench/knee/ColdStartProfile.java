package dev.gatewaykit.bench.knee;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.analysis.diagnostics.CodeTier;
import dev.gatewaykit.bench.analysis.diagnostics.CompileTask;
import dev.gatewaykit.bench.analysis.knee.ColdProfile;
import dev.gatewaykit.bench.probe.AsyncProfiler;
import dev.gatewaykit.bench.probe.AsyncProfiler.ProfilerException;

/**
 * A fresh gateway's CPU over its cold start's first seconds ({@link #SECONDS}), every
 * thread profiled by async-profiler: what kind of code it ran each second
 * ({@link ColdProfile}, from a dump at each second's end) and one flame graph of them
 * all. The profiler is attached before the load's first request, so that loading it costs
 * the gateway nothing once the load runs; each dump costs it a few milliseconds, the
 * flame graph at the end more (docs/knee.md).
 */
final class ColdStartProfile {

	/** The seconds of the load profiled. */
	static final int SECONDS = 10;

	/** The flame graph of those seconds, in the cold start's directory. */
	static final String FLAME_GRAPH = "profile.html";

	/** Their collapsed stacks, annotated: the last dump's. */
	static final String COLLAPSED = "profile.collapsed";

	private static final Duration FINISH_TIMEOUT = Duration.ofSeconds(30);

	private final AsyncProfiler profiler;

	private final long pid;

	private final Path dir;

	private final int seconds;

	private final List<Map<CodeTier, Long>> dumps = new ArrayList<>();

	/** What the JIT compiled most, read from the last dump. */
	private List<CompileTask> compiling = List.of();

	private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "cold-start-profile");
		thread.setDaemon(true);
		return thread;
	});

	/** Why the profile stopped short, when it did. */
	private volatile Optional<String> failure = Optional.empty();

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
			this.clock.shutdownNow();
			fail("its dumps took over " + FINISH_TIMEOUT.toSeconds() + " s");
		}
		if (this.failure.isPresent() || this.dumps.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(ColdProfile.of(this.dumps, this.compiling));
	}

	Optional<String> failure() {
		return this.failure;
	}

	private void dump() {
		if (this.failure.isPresent()) {
			return;
		}
		Path collapsed = this.dir.resolve(COLLAPSED);
		try {
			this.profiler.dumpAnnotated(this.pid, collapsed);
			String stacks = Files.readString(collapsed);
			this.dumps.add(CodeTier.count(stacks));
			if (this.dumps.size() == this.seconds) {
				this.compiling = CompileTask.top(stacks, ColdProfile.COMPILING);
				this.profiler.stopFlameGraph(this.pid, this.dir.resolve(FLAME_GRAPH),
						"a fresh gateway's first " + this.seconds + " s of load");
			}
		}
		catch (ProfilerException | IOException ex) {
			fail(ex.getMessage());
		}
	}

	private void fail(String why) {
		if (this.failure.isEmpty()) {
			this.failure = Optional.of(why);
		}
	}

}
