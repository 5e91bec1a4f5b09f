package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.CpuSplit;
import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.diagnostics.LoopProfile;
import dev.gatewaykit.bench.analysis.diagnostics.PinnedCalls;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.PhaseFile;
import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.stack.ManagementAccess;

/**
 * Beside the simulation, in one mode's measured window: when the window opens (the
 * simulation's {@code phase.json}) it clears the gateway's recorded blocking calls; in
 * the middle it takes a thread dump and profiles every thread's CPU for a quarter of the
 * window (what spends the gateway's CPU), then starts the chosen profiler; at the end it
 * stops that (the flame graph of the window's last quarter) and saves the gateway's
 * diagnostics. For a gateway on virtual threads it also records, over the whole window,
 * where they pinned their carriers ({@link PinRecording}, read into {@link PinnedCalls}).
 * Everything it does is outside the gateway's request path: the profiler and the dump go
 * through the JVM's attach mechanism, which answers even when every event loop is
 * blocked.
 */
public final class WindowDiagnostics {

	public static final String THREAD_DUMP_FILE = "threaddump.txt";

	public static final String FLAME_GRAPH_FILE = "flamegraph.html";

	private static final HttpClient http = KitHttp.client();

	private final CountDownLatch aborted = new CountDownLatch(1);

	/**
	 * One window's plan.
	 *
	 * @param dir the mode's directory: {@code phase.json} is awaited there and the files
	 * go there
	 * @param label the mode's name, for the flame graph's title
	 * @param pid the gateway's process
	 * @param actuatorUri the gateway's actuator base ({@code http://host:port/actuator}),
	 * empty for a gateway the kit did not start (then no blocking calls or runtime
	 * series)
	 * @param profile the profiler event
	 * @param profiler the profiler, or why there is none (then {@code profile} is not
	 * sampled and the reason is noted)
	 * @param blockHound whether the gateway records blocking calls
	 * @param phaseTimeout how long to wait for the window to open
	 * @param management the credentials of the gateway's management writes, sent with the
	 * reset of its blocking calls
	 * @param pinsJcmd the {@code jcmd} of the gateway's JDK when the window records its
	 * virtual threads' pins (gateway-mvc's cases), empty when it does not
	 */
	public record Plan(Path dir, String label, long pid, Optional<URI> actuatorUri, ProfilerEvent profile,
			Optional<AsyncProfiler> profiler, String noProfilerReason, boolean blockHound, Duration phaseTimeout,
			Optional<ManagementAccess> management, Optional<Path> pinsJcmd) {
	}

	/**
	 * Runs the plan to the window's end (or until {@link #abort}); never throws for
	 * something that failed on the way, it is noted in the record.
	 */
	public WindowRecord run(Plan plan, Consumer<String> log) {
		List<String> notes = new ArrayList<>();
		String flameGraph = null;
		String threadDump = null;
		long dumpedAt = 0;
		long profiledFrom = 0;
		PinRecording pins = null;
		String pinnedCalls = null;
		try {
			Optional<PhaseFile> window = awaitWindow(plan);
			if (window.isEmpty()) {
				notes.add("the measured window never opened: no flame graph, thread dump or blocking calls");
				return write(plan,
						new WindowRecord(plan.profile().id(), null, null, 0, 0, plan.blockHound(), null, notes));
			}
			long start = window.get().windowStartEpochMs();
			long end = window.get().windowEndEpochMs();
			// A fixed warm-up's phase file is written when the warm-up starts, ahead of
			// its window: what is counted for the window starts with it.
			boolean open = sleepUntil(start);
			if (open) {
				pins = startPins(plan, notes, log);
			}
			if (open && plan.blockHound() && plan.actuatorUri().isPresent()) {
				HttpRequest.Builder post = HttpRequest.newBuilder(endpoint(plan))
					.timeout(Duration.ofSeconds(10))
					.POST(HttpRequest.BodyPublishers.noBody());
				plan.management().ifPresent((access) -> post.header("Authorization", access.authorization()));
				HttpAnswer reset = HttpAnswer.send(http, post.build());
				if (reset.status() / 100 != 2) {
					notes.add("could not reset the gateway's blocking calls at the window's start (" + reset.describe()
							+ "): they include the warm-up");
				}
			}
			// The first half runs as it would without the kit looking: its CPU per
			// request is the one the report quotes. In the middle the thread dump, then
			// the profilers for the second half (sampling costs the gateway CPU at a
			// fixed rate, which would weigh more per request on a slow mode): every
			// thread's CPU for a quarter, then the chosen profile for the flame graph.
			boolean profiling = false;
			if (sleepUntil(start + (end - start) / 2)) {
				dumpedAt = System.currentTimeMillis();
				threadDump = threadDump(plan, notes);
				boolean split = profileCpu(plan, start + (end - start) * 3 / 4, notes, log);
				profiling = !isAborted() && startProfiler(plan, threadDump, notes, log);
				profiledFrom = (split || profiling) ? dumpedAt : 0;
			}
			sleepUntil(end);
			if (profiling) {
				flameGraph = stopProfiler(plan, notes);
			}
			if (plan.pinsJcmd().isPresent()) {
				// gateway-mvc, whose pins are recorded instead: it has no event loops,
				// and so no endpoint with their per-second series.
			}
			else if (plan.actuatorUri().isPresent()) {
				HttpAnswer diagnostics = HttpAnswer.send(http,
						HttpRequest.newBuilder(endpoint(plan)).timeout(Duration.ofSeconds(15)).GET().build());
				if (diagnostics.ok()) {
					Files.writeString(plan.dir().resolve(Diagnostics.GATEWAY_FILE), diagnostics.body());
				}
				else {
					notes.add(
							"the gateway's " + DiagnosticsEndpoint.PATH + " did not answer: " + diagnostics.describe());
				}
			}
			else {
				notes.add("a gateway the kit did not start: no " + DiagnosticsEndpoint.PATH + " series");
			}
		}
		catch (IOException ex) {
			notes.add("diagnostics stopped: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			notes.add("diagnostics interrupted");
		}
		finally {
			// Whatever happened on the way: the gateway is left without the recording.
			if (pins != null) {
				pinnedCalls = stopPins(plan, pins, notes, log);
			}
		}
		return write(plan, new WindowRecord(plan.profile().id(), flameGraph, threadDump, dumpedAt, profiledFrom,
				plan.blockHound(), pinnedCalls, notes));
	}

	/**
	 * Starts recording the virtual threads' pins for the window, when the plan asks for
	 * it.
	 * @return the recording, {@code null} when none runs (the reason is noted)
	 */
	private static @Nullable PinRecording startPins(Plan plan, List<String> notes, Consumer<String> log)
			throws InterruptedException {
		if (plan.pinsJcmd().isEmpty()) {
			return null;
		}
		PinRecording pins = new PinRecording(plan.pinsJcmd().get(), plan.pid());
		try {
			pins.start();
			log.accept(plan.label() + ": JFR records " + PinnedCalls.EVENT + " (threshold 0) for the window");
			return pins;
		}
		catch (IOException ex) {
			notes.add("no record of pinned virtual threads: " + ex.getMessage());
			return null;
		}
	}

	/**
	 * Dumps the recording beside the case ({@value PinnedCalls#FILE}), stops it and
	 * writes what it holds ({@value PinnedCalls#JSON_FILE}).
	 * @return the JSON's file name, {@code null} when it could not be written (noted)
	 */
	private static @Nullable String stopPins(Plan plan, PinRecording pins, List<String> notes, Consumer<String> log) {
		Path jfr = plan.dir().resolve(PinnedCalls.FILE);
		try {
			pins.dumpAndStop(jfr);
			PinnedCalls calls = PinnedCalls.read(jfr);
			BenchJson.write(plan.dir().resolve(PinnedCalls.JSON_FILE), calls);
			log.accept(plan.label() + ": " + calls.events() + " pinned virtual-thread event(s) in the window");
			return PinnedCalls.JSON_FILE;
		}
		catch (IOException | RuntimeException ex) {
			notes.add("no record of pinned virtual threads: " + ex.getMessage());
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			notes.add("no record of pinned virtual threads: interrupted");
			return null;
		}
	}

	/**
	 * Ends {@link #run} early (the simulation failed): a running profiler is still
	 * stopped, so the gateway is left as it was.
	 */
	public void abort() {
		this.aborted.countDown();
	}

	/**
	 * The gateway's on-CPU profile of every thread, GC and JIT included, from now until
	 * {@code until}, in {@link CpuSplit#FILE}: what spends its CPU. Not with
	 * {@code --profile cpu}, whose flame graph's stacks are that profile already, nor
	 * with the profiler off.
	 * @return whether it ran
	 */
	private boolean profileCpu(Plan plan, long until, List<String> notes, Consumer<String> log)
			throws InterruptedException {
		if (plan.profile() == ProfilerEvent.OFF || plan.profile() == ProfilerEvent.CPU || plan.profiler().isEmpty()) {
			return false;
		}
		AsyncProfiler profiler = plan.profiler().get();
		try {
			profiler.startCpu(plan.pid());
		}
		catch (AsyncProfiler.ProfilerException ex) {
			notes.add("no split of the gateway's CPU: " + ex.getMessage());
			return false;
		}
		log.accept(plan.label() + ": async-profiler (cpu, every thread) started for the window's third quarter");
		// Stopped even if aborted meanwhile: the gateway is left as it was.
		sleepUntil(until);
		try {
			profiler.stopCollapsed(plan.pid(), plan.dir().resolve(CpuSplit.FILE));
		}
		catch (AsyncProfiler.ProfilerException ex) {
			notes.add("no split of the gateway's CPU: " + ex.getMessage());
		}
		return true;
	}

	private boolean isAborted() {
		return this.aborted.getCount() == 0;
	}

	private boolean startProfiler(Plan plan, @Nullable String threadDump, List<String> notes, Consumer<String> log)
			throws IOException {
		if (plan.profile() == ProfilerEvent.OFF) {
			return false;
		}
		if (plan.profiler().isEmpty()) {
			notes.add("no flame graph: " + plan.noProfilerReason());
			return false;
		}
		try {
			List<Long> threads = (threadDump != null)
					? ThreadDump.requestPathThreads(Files.readString(plan.dir().resolve(threadDump))) : List.of();
			plan.profiler().get().start(plan.pid(), plan.profile(), threads);
			log.accept(
					plan.label() + ": async-profiler (" + plan.profile().id() + ") started for the rest of the window");
			return true;
		}
		catch (AsyncProfiler.ProfilerException ex) {
			notes.add("no flame graph: " + ex.getMessage());
			return false;
		}
	}

	private static String stopProfiler(Plan plan, List<String> notes) {
		try {
			Path collapsed = plan.dir().resolve(LoopProfile.FILE);
			plan.profiler()
				.orElseThrow()
				.stop(plan.pid(), plan.dir().resolve(FLAME_GRAPH_FILE), collapsed,
						plan.label() + " " + plan.profile().id() + " (measured window)");
			if (plan.profile() == ProfilerEvent.CPU) {
				// The flame graph's own stacks are the on-CPU profile to split.
				copy(collapsed, plan.dir().resolve(CpuSplit.FILE), notes);
			}
			return FLAME_GRAPH_FILE;
		}
		catch (AsyncProfiler.ProfilerException ex) {
			notes.add("no flame graph: " + ex.getMessage());
			return null;
		}
	}

	private static void copy(Path from, Path to, List<String> notes) {
		try {
			Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			notes.add("no split of the gateway's CPU: " + ex.getMessage());
		}
	}

	/**
	 * {@code jcmd <pid> Thread.print}: what {@code jstack} prints, from the JDK running
	 * the kit.
	 */
	private static String threadDump(Plan plan, List<String> notes) throws IOException, InterruptedException {
		Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		if (!Files.isExecutable(jcmd)) {
			notes.add("no thread dump: " + jcmd + " is missing (the kit runs on a JRE, not a JDK)");
			return null;
		}
		Path file = plan.dir().resolve(THREAD_DUMP_FILE);
		Process process = new ProcessBuilder(jcmd.toString(), Long.toString(plan.pid()), "Thread.print")
			.redirectErrorStream(true)
			.redirectOutput(file.toFile())
			.start();
		if (!process.waitFor(30, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			notes.add("no thread dump: jcmd did not finish in 30 s");
			return null;
		}
		if (process.exitValue() != 0) {
			notes.add("no thread dump: jcmd exited with " + process.exitValue() + " (see " + file + ")");
			return null;
		}
		return THREAD_DUMP_FILE;
	}

	private Optional<PhaseFile> awaitWindow(Plan plan) throws InterruptedException {
		long deadline = System.currentTimeMillis() + plan.phaseTimeout().toMillis();
		while (System.currentTimeMillis() < deadline) {
			Optional<PhaseFile> phase = PhaseFile.read(plan.dir());
			if (phase.isPresent()) {
				return phase;
			}
			if (this.aborted.await(100, TimeUnit.MILLISECONDS)) {
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

	/** Sleeps until {@code epochMs}; false when aborted first. */
	private boolean sleepUntil(long epochMs) throws InterruptedException {
		long remaining = epochMs - System.currentTimeMillis();
		return remaining <= 0 || !this.aborted.await(remaining, TimeUnit.MILLISECONDS);
	}

	private static URI endpoint(Plan plan) {
		return URI
			.create(plan.actuatorUri().orElseThrow().toString().replaceFirst("/$", "") + "/" + DiagnosticsEndpoint.ID);
	}

	private static WindowRecord write(Plan plan, WindowRecord record) {
		BenchJson.write(plan.dir().resolve(WindowRecord.FILE), record);
		return record;
	}

}
