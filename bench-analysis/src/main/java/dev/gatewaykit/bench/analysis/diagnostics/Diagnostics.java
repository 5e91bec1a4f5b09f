package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleBiFunction;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting.CpuSecond;
import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting.MachineShare;
import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump.LoopActivity;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;
import dev.gatewaykit.common.diagnostics.GatewaySecond;

/**
 * A mode's diagnostics in its summary: what each process cost per request, the per-second
 * series, the flame graph, what the event loops were doing mid-window and the blocking
 * calls.
 *
 * @param windowStartEpochMs when the measured window opened: series times are relative to
 * it
 * @param cpuSeconds the span of the window CPU per request is measured over, in seconds
 * since it opened: the whole window, or its first half when the profiler ran in the
 * second
 * @param cpuMicrosPerRequest CPU microseconds per completed request in that span, by
 * process ({@code gateway}, {@code auth-service}, {@code mall-api}, {@code nginx},
 * {@code toxiproxy}, {@code redis}, {@code injector})
 * @param cpuSpanTps requests completed a second over that span, the rate the CPU figures
 * divide by; 0 when CPU was not sampled
 * @param machine the whole machine over the same span: how busy its cores were and its
 * CPU per request; null when {@code /proc/stat} was not sampled
 * @param cpu each process's CPU per second, from the first browsing second to the end
 * @param gateway the gateway's own per-second series over the same span
 * @param profile the profiler event ({@code off}: none)
 * @param flameGraph the flame graph's file in the mode's directory
 * @param loops where the event loops' profile samples went, with the flame graph
 * @param cpuSplit what spent the gateway's CPU per request, from its on-CPU profile
 * @param threads the mid-window thread dump's event-loop summary
 * @param blocking the blocking calls BlockHound saw in the window, when it was on
 * @param pinned where virtual threads pinned their carriers in the window (JFR), when it
 * was recorded (gateway-mvc's cases)
 * @param notes what could not be collected, and why
 */
public record Diagnostics(long windowStartEpochMs, String cpuSeconds, Map<String, Double> cpuMicrosPerRequest,
		double cpuSpanTps, @Nullable MachineShare machine, List<CpuSecond> cpu, List<GatewaySecond> gateway,
		String profile, @Nullable String flameGraph, @Nullable LoopProfile loops, @Nullable CpuSplit cpuSplit,
		@Nullable ThreadSnapshot threads, @Nullable Blocking blocking, @Nullable PinnedCalls pinned,
		List<String> notes) {

	/** The gateway's diagnostics as read at the window's end. */
	public static final String GATEWAY_FILE = "gateway-diagnostics.json";

	public Diagnostics {
		cpuMicrosPerRequest = new TreeMap<>(cpuMicrosPerRequest);
		cpu = List.copyOf(cpu);
		gateway = List.copyOf(gateway);
		notes = List.copyOf(notes);
	}

	/**
	 * The event loops in the mid-window thread dump.
	 *
	 * @param file the dump's file in the mode's directory
	 * @param atSecond when it was taken, in seconds since the window opened
	 * @param eventLoops what each {@code reactor-http-*} thread was doing
	 */
	public record ThreadSnapshot(String file, double atSecond, List<LoopActivity> eventLoops) {

		public ThreadSnapshot {
			eventLoops = List.copyOf(eventLoops);
		}

		public long count(String activity) {
			return this.eventLoops.stream().filter((loop) -> loop.activity().equals(activity)).count();
		}

	}

	/**
	 * BlockHound's findings over the window.
	 *
	 * @param sinceEpochMs when the gateway's record was last cleared (the window's start)
	 * @param calls each blocking call site, most frequent first
	 */
	public record Blocking(long sinceEpochMs, List<BlockingCall> calls) {

		public Blocking {
			calls = List.copyOf(calls);
		}

	}

	/**
	 * Reads what the bench left in a mode's directory: {@code cpu.jsonl},
	 * {@code window-diagnostics.json}, {@code gateway-diagnostics.json} and the thread
	 * dump. Whatever is missing is left out and said in the notes.
	 * @param fromEpochMs the first browsing request (warm-up included in the series)
	 * @param requestsPerSecond completed requests per second between two instants (epoch
	 * ms)
	 */
	public static Diagnostics read(Path dir, long fromEpochMs, long windowStartMs, long windowEndMs,
			ToDoubleBiFunction<Long, Long> requestsPerSecond) {
		List<String> notes = new ArrayList<>();
		WindowRecord window = Files.isRegularFile(dir.resolve(WindowRecord.FILE))
				? BenchJson.read(dir.resolve(WindowRecord.FILE), WindowRecord.class) : null;
		// Without the profiler's cost: up to where it started.
		long cpuEndMs = (window != null && window.profiledFromEpochMs() > windowStartMs) ? window.profiledFromEpochMs()
				: windowEndMs;
		String cpuSeconds = "0–" + Math.round((cpuEndMs - windowStartMs) / 1000.0) + " s";
		Map<String, Double> perRequest = Map.of();
		MachineShare machine = null;
		double completed = 0;
		List<CpuSecond> cpu = List.of();
		Path cpuFile = dir.resolve(CpuSample.FILE);
		if (Files.isRegularFile(cpuFile)) {
			List<CpuSample> samples = CpuAccounting.read(cpuFile);
			completed = requestsPerSecond.applyAsDouble(windowStartMs, cpuEndMs);
			perRequest = CpuAccounting.microsPerRequest(samples, windowStartMs, cpuEndMs, completed);
			machine = CpuAccounting.machine(samples, windowStartMs, cpuEndMs, completed).orElse(null);
			if (perRequest.isEmpty()) {
				notes.add("the CPU samples do not cover the window: no CPU per request");
			}
			cpu = CpuAccounting.percentPerSecond(samples, windowStartMs)
				.stream()
				.filter((second) -> second.t() * 1000 + windowStartMs >= fromEpochMs - 1000
						&& second.t() * 1000 + windowStartMs <= windowEndMs)
				.toList();
		}
		else {
			notes.add("no " + CpuSample.FILE + ": CPU was not sampled");
		}
		if (window != null) {
			notes.addAll(window.notes());
		}
		List<GatewaySecond> series = List.of();
		Blocking blocking = null;
		Path gatewayFile = dir.resolve(GATEWAY_FILE);
		if (Files.isRegularFile(gatewayFile)) {
			GatewayDiagnostics gateway = BenchJson.read(gatewayFile, GatewayDiagnostics.class);
			series = gateway.seconds()
				.stream()
				.filter((second) -> second.epochSecond() * 1000 >= fromEpochMs - 1000
						&& second.epochSecond() * 1000 < windowEndMs)
				.toList();
			if (window != null && window.blockHound()) {
				if (gateway.blockHound()) {
					blocking = new Blocking(gateway.blockingSinceEpochMs(), gateway.blockingCalls());
				}
				else {
					notes.add(
							"--blockhound was given but BlockHound is not installed in the gateway (its log says why)");
				}
			}
		}
		ThreadSnapshot threads = null;
		if (window != null && window.threadDump() != null) {
			threads = new ThreadSnapshot(window.threadDump(), (window.threadDumpAtEpochMs() - windowStartMs) / 1000.0,
					ThreadDump.eventLoops(readString(dir.resolve(window.threadDump()))));
		}
		String flameGraph = (window != null) ? window.flameGraph() : null;
		LoopProfile loops = (flameGraph != null && Files.isRegularFile(dir.resolve(LoopProfile.FILE)))
				? LoopProfile.of(readString(dir.resolve(LoopProfile.FILE))) : null;
		CpuSplit split = null;
		Double gatewayMicros = perRequest.get("gateway");
		// Only a profile of this window: a run into the same directory without one
		// leaves an older file.
		if (window != null && window.profiledFromEpochMs() > 0 && Files.isRegularFile(dir.resolve(CpuSplit.FILE))) {
			if (gatewayMicros != null) {
				split = CpuSplit.of(readString(dir.resolve(CpuSplit.FILE)), gatewayMicros);
			}
			else {
				notes.add("an on-CPU profile but no CPU per request of the gateway: its CPU is not split");
			}
		}
		// Only this window's: the record names the file when it wrote one.
		PinnedCalls pinned = (window != null && window.pinnedCalls() != null
				&& Files.isRegularFile(dir.resolve(window.pinnedCalls())))
						? BenchJson.read(dir.resolve(window.pinnedCalls()), PinnedCalls.class) : null;
		return new Diagnostics(windowStartMs, cpuSeconds, perRequest, completed, machine, cpu, series,
				(window != null) ? window.profile() : "off", flameGraph, loops, split, threads, blocking, pinned,
				notes);
	}

	private static String readString(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			throw new BadInputException("cannot read " + file + ": " + ex.getMessage());
		}
	}

}
