package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.analysis.diagnostics.CompilerThreads;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;
import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;
import dev.gatewaykit.bench.analysis.knee.Onset;
import dev.gatewaykit.bench.analysis.sockets.ProcNetTcp;

/**
 * Reads the whole stack's CPU (and the load's own, this JVM's: {@link Onset#LOAD}) and
 * the connections on each hop every {@code interval} for a bounded time, keeping the
 * readings in memory ({@link Onset.Reading}): what a cold start's first seconds looked
 * like from outside every process. One thread, one read of each TCP table per reading,
 * whatever the number of hops: it shares two cores with the onset it watches. Single use.
 */
public final class OnsetSampler {

	private final CpuSampler cpu = new CpuSampler();

	private final ProcessHandle gateway;

	private final Map<String, Integer> hops;

	private final List<Onset.Reading> readings = new ArrayList<>();

	private final CountDownLatch stop = new CountDownLatch(1);

	private final Thread thread;

	/**
	 * Takes the first reading now, in the caller's thread (so that one is there before
	 * whatever the caller starts next), then one every {@code interval} in the background
	 * until {@code maxDuration} has passed or {@link #stop} is called.
	 * @param processes the processes to read the CPU of (and their descendants), by name
	 * @param gateway the gateway among them, whose JIT compiler threads are also counted
	 * apart ({@link Onset#JIT})
	 * @param hops each hop's server port, by hop name, in the order to show them
	 */
	public OnsetSampler(Map<String, ProcessHandle> processes, ProcessHandle gateway, Map<String, Integer> hops,
			Duration interval, Duration maxDuration) {
		processes.forEach(this.cpu::watch);
		this.gateway = gateway;
		this.hops = new LinkedHashMap<>(hops);
		read();
		long deadline = System.nanoTime() + maxDuration.toNanos();
		this.thread = new Thread(() -> {
			try {
				while (!this.stop.await(interval.toNanos(), TimeUnit.NANOSECONDS) && System.nanoTime() < deadline) {
					read();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "onset-sampler");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/**
	 * Stops sampling (waiting at most {@code timeout} for the reading in progress) and
	 * returns the readings, in time order.
	 */
	public List<Onset.Reading> stop(Duration timeout) throws InterruptedException {
		this.stop.countDown();
		this.thread.join(Math.max(1, timeout.toMillis()));
		synchronized (this.readings) {
			return List.copyOf(this.readings);
		}
	}

	private void read() {
		CpuSample sample = this.cpu.sample();
		Map<String, Long> ticks = new LinkedHashMap<>(sample.ticks());
		ticks.put(Onset.JIT,
				CompilerThreads.ticks(this.gateway.pid()).values().stream().mapToLong(Long::longValue).sum());
		ProcCpu.ticks(ProcessHandle.current().pid()).ifPresent((load) -> ticks.put(Onset.LOAD, load));
		String v4 = table(ProcNetTcp.TCP);
		String v6 = table(ProcNetTcp.TCP6);
		Map<String, Onset.Hop> hops = new LinkedHashMap<>();
		this.hops.forEach((name, port) -> hops.put(name, hop(v4, v6, port)));
		Onset.Reading reading = new Onset.Reading(new CpuSample(sample.epochMs(), ticks, sample.machine()), hops);
		synchronized (this.readings) {
			this.readings.add(reading);
		}
	}

	private static Onset.Hop hop(String v4, String v6, int port) {
		ProcNetTcp.Table both = ProcNetTcp.table(v4, port).plus(ProcNetTcp.table(v6, port));
		return new Onset.Hop(both.established().size(), both.acceptQueue());
	}

	/** The table's text; only its header when it cannot be read (no IPv6). */
	private static String table(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			return "header\n";
		}
	}

}
