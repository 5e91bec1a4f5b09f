package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.bench.analysis.diagnostics.CompilerThreads;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;

/**
 * Reads the CPU time of each watched process (and its descendants): one {@link #sample}
 * when asked, or every {@code interval} of a {@link #run}, one {@link CpuSample} line per
 * reading: the per-second CPU chart of every process and, over the measured window, CPU
 * time per request. Processes can be added while it runs (the injector starts after the
 * sampler). Single use: {@link #run} once.
 */
public final class CpuSampler {

	private static final JsonMapper LINES = JsonMapper.builder().build();

	private final Map<String, List<ProcessHandle>> watched = new ConcurrentHashMap<>();

	private final CountDownLatch stop = new CountDownLatch(1);

	/** Samples {@code process} and its descendants under {@code name} from now on. */
	public CpuSampler watch(String name, ProcessHandle process) {
		return watchAll(name, List.of(process));
	}

	/**
	 * Samples {@code processes} and their descendants under {@code name}, their ticks
	 * summed (several gateways behind one nginx).
	 */
	public CpuSampler watchAll(String name, List<ProcessHandle> processes) {
		if (processes.isEmpty()) {
			throw new IllegalArgumentException("no process to watch as " + name);
		}
		this.watched.put(name, List.copyOf(processes));
		return this;
	}

	/** Every watched process's ticks now, and the whole machine's. */
	public CpuSample sample() {
		Map<String, Long> ticks = new LinkedHashMap<>();
		this.watched.forEach((name, processes) -> {
			long total = 0;
			boolean seen = false;
			for (ProcessHandle process : processes) {
				OptionalLong own = ProcCpu.ticks(process.pid());
				if (own.isPresent()) {
					seen = true;
					total += own.getAsLong();
					for (ProcessHandle child : process.descendants().toList()) {
						total += ProcCpu.ticks(child.pid()).orElse(0);
					}
				}
			}
			if (seen) {
				ticks.put(name, total);
			}
		});
		return new CpuSample(System.currentTimeMillis(), ticks, MachineCpu.read().orElse(null));
	}

	/**
	 * The ticks of every watched JVM's JIT compiler threads now, by process name and
	 * thread id ({@link CompilerThreads}); a name is absent when its processes have none.
	 */
	public Map<String, Map<Long, Long>> compilerTicks() {
		Map<String, Map<Long, Long>> ticks = new LinkedHashMap<>();
		this.watched.forEach((name, processes) -> {
			// Thread ids are unique across processes on Linux: one map holds them all.
			Map<Long, Long> threads = new HashMap<>();
			for (ProcessHandle process : processes) {
				threads.putAll(CompilerThreads.ticks(process.pid()));
				process.descendants().forEach((child) -> threads.putAll(CompilerThreads.ticks(child.pid())));
			}
			if (!threads.isEmpty()) {
				ticks.put(name, threads);
			}
		});
		return ticks;
	}

	/**
	 * Samples into {@code out} (replaced) every {@code interval} until
	 * {@code maxDuration} has passed or {@link #stop} is called; one more sample is
	 * written when it stops, so the last second of a window is covered. Each line is
	 * flushed as written.
	 * @return how many samples were written
	 */
	public int run(Path out, Duration interval, Duration maxDuration) throws IOException {
		if (interval.isNegative() || interval.isZero()) {
			throw new IllegalArgumentException("the interval must be positive");
		}
		int written = 0;
		try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
				StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
			long deadline = System.nanoTime() + maxDuration.toNanos();
			boolean stopped = false;
			while (!stopped) {
				writer.append(LINES.writeValueAsString(sample())).append('\n').flush();
				written++;
				stopped = this.stop.await(interval.toNanos(), TimeUnit.NANOSECONDS) || System.nanoTime() >= deadline;
			}
			writer.append(LINES.writeValueAsString(sample())).append('\n').flush();
			written++;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return written;
	}

	/** Ends {@link #run} after one last sample, from any thread. */
	public void stop() {
		this.stop.countDown();
	}

}
