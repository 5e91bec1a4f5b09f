package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import tools.jackson.core.JacksonException;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;

/**
 * What the samples of the kit's CPU sampler say: each process's CPU per second, and its
 * CPU time per request over the measured window.
 */
public final class CpuAccounting {

	/**
	 * The samples used for a window must lie within this of its edges; further away, the
	 * window is not covered and nothing is reported.
	 */
	static final long EDGE_TOLERANCE_MS = 1_500;

	private CpuAccounting() {
	}

	/**
	 * One second of CPU use.
	 *
	 * @param t seconds since the measured window opened (negative during warm-up), at the
	 * start of the interval
	 * @param percent CPU by process, in percent of one core
	 */
	public record CpuSecond(double t, Map<String, Double> percent) {

		public CpuSecond {
			percent = new TreeMap<>(percent);
		}

	}

	/**
	 * The lines of {@code cpu.jsonl}; a line cut short by a stopped sampler is left out.
	 * @throws BadInputException when the file is missing
	 */
	public static List<CpuSample> read(Path file) {
		if (!Files.isRegularFile(file)) {
			throw new BadInputException("missing " + file);
		}
		List<CpuSample> samples = new ArrayList<>();
		try {
			for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
				if (!line.isBlank()) {
					try {
						samples.add(BenchJson.mapper().readValue(line, CpuSample.class));
					}
					catch (JacksonException ex) {
						// Only the last line can be partial; any other is not ours.
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		samples.sort(Comparator.comparingLong(CpuSample::epochMs));
		return samples;
	}

	/**
	 * Each process's CPU microseconds per request: its CPU rate between the samples
	 * nearest the window's edges, divided by the window's request rate. Rates, not
	 * counts, so a sample a few hundred ms off an edge does not skew it. Empty when the
	 * samples do not cover the window or no request completed.
	 * @param requestsPerSecond completed requests (OK and failed) per second of the
	 * window
	 */
	public static Map<String, Double> microsPerRequest(List<CpuSample> samples, long windowStartMs, long windowEndMs,
			double requestsPerSecond) {
		Optional<CpuSample> first = nearest(samples, windowStartMs);
		Optional<CpuSample> last = nearest(samples, windowEndMs);
		Map<String, Double> perRequest = new TreeMap<>();
		if (first.isEmpty() || last.isEmpty() || !(requestsPerSecond > 0)) {
			return perRequest;
		}
		double seconds = (last.get().epochMs() - first.get().epochMs()) / 1000.0;
		if (seconds < 1) {
			return perRequest;
		}
		first.get().ticks().forEach((name, from) -> {
			Long to = last.get().ticks().get(name);
			if (to != null && to >= from) {
				perRequest.put(name, ProcCpu.micros(to - from) / seconds / requestsPerSecond);
			}
		});
		return perRequest;
	}

	/**
	 * The whole machine over the window: how busy its cores were, and its CPU per request
	 * (every process's, the kernel's and whatever the kit did not watch). Beside the sum
	 * over the watched processes it shows what that sum missed; beside the CPU bound,
	 * near 100 % busy says the cores were the limit, well below it says something else
	 * was. Empty when the samples near the window's edges lack the machine's ticks, or no
	 * request completed.
	 * @param requestsPerSecond completed requests per second of the window
	 */
	public static Optional<MachineShare> machine(List<CpuSample> samples, long windowStartMs, long windowEndMs,
			double requestsPerSecond) {
		Optional<CpuSample> first = nearest(samples, windowStartMs);
		Optional<CpuSample> last = nearest(samples, windowEndMs);
		if (first.isEmpty() || last.isEmpty() || first.get().machine() == null || last.get().machine() == null
				|| !(requestsPerSecond > 0)) {
			return Optional.empty();
		}
		double seconds = (last.get().epochMs() - first.get().epochMs()) / 1000.0;
		MachineCpu from = first.get().machine();
		MachineCpu to = last.get().machine();
		if (seconds < 1 || to.total() <= from.total() || to.busy() < from.busy()) {
			return Optional.empty();
		}
		return Optional.of(new MachineShare(to.busySince(from) * 100,
				ProcCpu.micros(to.busy() - from.busy()) / seconds / requestsPerSecond));
	}

	/**
	 * The whole machine over a window.
	 *
	 * @param busyPct the share of all cores busy (user, system, irq, softirq, steal), %
	 * @param microsPerRequest the machine's busy CPU µs per completed request
	 */
	public record MachineShare(double busyPct, double microsPerRequest) {
	}

	/** CPU per process between each pair of consecutive samples. */
	public static List<CpuSecond> percentPerSecond(List<CpuSample> samples, long windowStartMs) {
		List<CpuSecond> seconds = new ArrayList<>();
		for (int i = 1; i < samples.size(); i++) {
			CpuSample from = samples.get(i - 1);
			CpuSample to = samples.get(i);
			double elapsed = (to.epochMs() - from.epochMs()) / 1000.0;
			if (elapsed < 0.2) {
				// The sampler's closing reading can come right after a regular one: too
				// short an interval for whole ticks to mean anything.
				continue;
			}
			Map<String, Double> percent = new TreeMap<>();
			from.ticks().forEach((name, before) -> {
				Long after = to.ticks().get(name);
				if (after != null && after >= before) {
					percent.put(name, (after - before) * 100.0 / ProcCpu.TICKS_PER_SECOND / elapsed);
				}
			});
			seconds.add(new CpuSecond((from.epochMs() - windowStartMs) / 1000.0, percent));
		}
		return seconds;
	}

	private static Optional<CpuSample> nearest(List<CpuSample> samples, long epochMs) {
		return samples.stream()
			.filter((sample) -> Math.abs(sample.epochMs() - epochMs) <= EDGE_TOLERANCE_MS)
			.min(Comparator.comparingLong((sample) -> Math.abs(sample.epochMs() - epochMs)));
	}

}
