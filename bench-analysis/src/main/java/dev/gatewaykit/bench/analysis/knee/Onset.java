package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;

/**
 * What the whole stack did over a cold start, second by second: the cores each process
 * used (the fresh gateway's JIT compiler threads apart) and the connections on each hop,
 * nginx to the gateway and the gateway to each upstream. It answers the question a failed
 * onset leaves (docs/overload.md, "Next"): was the gateway short of CPU, or waiting for
 * connections and answers from the side behind it? Read from {@code /proc} by the knee
 * run, so it sees every process the same way, costs the gateway nothing and needs no
 * agent.
 *
 * @param seconds each of the load's first seconds, in order
 */
public record Onset(List<Second> seconds) {

	/** The file of a cold start's directory that holds it. */
	public static final String FILE = "onset.json";

	/**
	 * The most seconds of the load looked at: a cold start's minute, so that its first
	 * seconds can be set beside its last, warm ones in the same run.
	 */
	public static final int SECONDS = 60;

	/** Where the gateway's JIT compiler threads are counted, apart from the gateway. */
	public static final String JIT = "gateway JIT";

	/**
	 * Where the kit's own JVM is counted, which sends the load: that process alone, as
	 * its descendants are the stack. The cores the stack left unused were 0.8 in a cold
	 * start's first second and 0.1-0.3 after (docs/overload.md, "A fresh gateway's first
	 * two seconds"): this says how much of that was the load.
	 */
	public static final String LOAD = "load";

	/**
	 * A JIT under this many cores has settled: the share of each second the template's
	 * warm-up waits for before readiness.
	 */
	public static final double JIT_SETTLED = 0.1;

	public Onset {
		seconds = List.copyOf(seconds);
	}

	/**
	 * What one hop's server port looked like at one reading.
	 *
	 * @param open ESTABLISHED connections on it, those not accepted yet included
	 * @param acceptQueue connections the server had not accepted yet
	 */
	public record Hop(int open, int acceptQueue) {
	}

	/**
	 * One reading of the stack.
	 *
	 * @param cpu every process's ticks, and the machine's; {@link #JIT} among them
	 * @param hops by hop name, in the order they are shown
	 */
	public record Reading(CpuSample cpu, Map<String, Hop> hops) {

		public Reading {
			hops = new LinkedHashMap<>(hops);
		}

	}

	/**
	 * One second of the load.
	 *
	 * @param second its number, from 1
	 * @param cores cores each process used over it, by name ({@link #JIT} is part of the
	 * gateway's own figure, shown apart too)
	 * @param machineCores cores the whole machine used; what the processes do not explain
	 * (the kit's own load generator, the kernel) is the difference; null when the
	 * machine's ticks were not read
	 * @param open connections open on each hop at the second's last reading
	 * @param mostWaiting the most connections not accepted yet on each hop at any reading
	 * of the second
	 */
	public record Second(int second, Map<String, Double> cores, @Nullable Double machineCores,
			Map<String, Integer> open, Map<String, Integer> mostWaiting) {

		public Second {
			cores = new LinkedHashMap<>(cores);
			open = new LinkedHashMap<>(open);
			mostWaiting = new LinkedHashMap<>(mostWaiting);
		}

	}

	/**
	 * The seconds of readings taken from just before {@code loadStartMs} on, in time
	 * order: each second's cores from the last reading at or before its start to the last
	 * one at or before its end (ticks are counted, not interpolated); a second with no
	 * reading after its start, or none before it, is left out, and so is everything from
	 * there on.
	 */
	public static Onset of(List<Reading> readings, long loadStartMs) {
		List<Second> seconds = new ArrayList<>();
		for (int i = 0; i < SECONDS; i++) {
			long from = loadStartMs + i * 1000L;
			long to = from + 1000;
			Reading first = last(readings, from);
			Reading end = last(readings, to);
			if (first == null || end == null || end == first) {
				break;
			}
			seconds.add(second(i + 1, first, end, within(readings, from, to)));
		}
		return new Onset(seconds);
	}

	private static Second second(int number, Reading first, Reading end, List<Reading> within) {
		double elapsed = (end.cpu().epochMs() - first.cpu().epochMs()) / 1000.0;
		Map<String, Double> cores = new LinkedHashMap<>();
		end.cpu().ticks().forEach((name, ticks) -> {
			Long before = first.cpu().ticks().get(name);
			if (before != null) {
				cores.put(name, (ticks - before) / (double) ProcCpu.TICKS_PER_SECOND / elapsed);
			}
		});
		MachineCpu a = first.cpu().machine();
		MachineCpu b = end.cpu().machine();
		Double machine = (a == null || b == null) ? null
				: (b.busy() - a.busy()) / (double) ProcCpu.TICKS_PER_SECOND / elapsed;
		Map<String, Integer> open = new LinkedHashMap<>();
		Map<String, Integer> waiting = new LinkedHashMap<>();
		end.hops().forEach((hop, state) -> {
			open.put(hop, state.open());
			waiting.put(hop, state.acceptQueue());
		});
		for (Reading reading : within) {
			reading.hops().forEach((hop, state) -> waiting.merge(hop, state.acceptQueue(), Math::max));
		}
		return new Second(number, cores, machine, open, waiting);
	}

	/** The last reading taken at or before {@code ms}. */
	private static @Nullable Reading last(List<Reading> readings, long ms) {
		Reading last = null;
		for (Reading reading : readings) {
			if (reading.cpu().epochMs() <= ms) {
				last = reading;
			}
		}
		return last;
	}

	private static List<Reading> within(List<Reading> readings, long fromMs, long toMs) {
		return readings.stream().filter((r) -> r.cpu().epochMs() > fromMs && r.cpu().epochMs() <= toMs).toList();
	}

	/**
	 * The cores the gateway's JIT compiler threads used over the whole span, summed
	 * second by second: compiling the gateway still had to do once it was serving.
	 */
	public double jitCoreSeconds() {
		return this.seconds.stream().mapToDouble((second) -> second.cores().getOrDefault(JIT, 0.0)).sum();
	}

	/**
	 * The first second from which the gateway's JIT stayed under {@link #JIT_SETTLED} of
	 * a core to the end: 1 when it always was; 0 when it never settled, or there is no
	 * second. The same bar the template's warm-up settles at.
	 */
	public int jitSettledFrom() {
		int from = 1;
		for (Second second : this.seconds) {
			if (second.cores().getOrDefault(JIT, 0.0) >= JIT_SETTLED) {
				from = second.second() + 1;
			}
		}
		return (from > this.seconds.size()) ? 0 : from;
	}

	/**
	 * What the JIT still did after readiness, in a sentence: e.g.
	 * {@code the gateway's JIT
	 * used 9.8 core-seconds, and stayed under 0.1 of a core from second 34}.
	 */
	public String describeJit() {
		int settled = jitSettledFrom();
		return String.format(Locale.ROOT, "the gateway's JIT used %.1f core-seconds, %s", jitCoreSeconds(),
				(settled == 0) ? "and never stayed under " + JIT_SETTLED + " of a core"
						: "and stayed under " + JIT_SETTLED + " of a core from second " + settled);
	}

	/**
	 * One line per second: the busiest processes' cores and each hop's connections, e.g.
	 * {@code second 1: machine 1.97 cores; gateway 1.21 (JIT 0.55), load 0.41, ...;
	 * connections nginx→gateway 48 (12 not accepted), gateway→auth 33, ...}.
	 */
	public List<String> describe() {
		List<String> lines = new ArrayList<>();
		for (Second second : this.seconds) {
			StringBuilder line = new StringBuilder("second ").append(second.second()).append(':');
			if (second.machineCores() != null) {
				line.append(String.format(Locale.ROOT, " machine %.2f cores;", second.machineCores()));
			}
			Map<String, Double> shown = new TreeMap<>(second.cores());
			Double jit = shown.remove(JIT);
			String processes = shown.entrySet()
				.stream()
				.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
				.map((e) -> String.format(Locale.ROOT, "%s %.2f%s", e.getKey(), e.getValue(),
						(jit != null && e.getKey().equals("gateway")) ? String.format(Locale.ROOT, " (JIT %.2f)", jit)
								: ""))
				.reduce((x, y) -> x + ", " + y)
				.orElse("none read");
			line.append(' ').append(processes).append("; connections ");
			List<String> hops = new ArrayList<>();
			second.open().forEach((hop, open) -> {
				int waiting = second.mostWaiting().getOrDefault(hop, 0);
				hops.add(hop + " " + open + ((waiting > 0) ? " (" + waiting + " not accepted)" : ""));
			});
			line.append(String.join(", ", hops));
			lines.add(line.toString());
		}
		return lines;
	}

}
