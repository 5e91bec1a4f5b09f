package dev.gatewaykit.bench.probe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.gatewaykit.bench.analysis.soak.JvmMemory;
import dev.gatewaykit.bench.analysis.soak.ProcessFacts;
import dev.gatewaykit.bench.analysis.soak.Snapshot;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;

/**
 * Snapshots of one running gateway: its memory from its management port's Prometheus
 * scrape, its descriptors and threads from {@code /proc}, after a full GC
 * ({@code jcmd <pid> GC.run}) when asked.
 */
public final class GatewayProbe {

	private static final HttpClient http = KitHttp.client();

	private final long pid;

	private final URI prometheus;

	private final Path proc;

	private final long originEpochMs;

	/**
	 * @param pid the gateway's process
	 * @param actuator its actuator base ({@code http://127.0.0.1:<management>/actuator})
	 * @param originEpochMs the moment snapshots count their {@code t} from
	 */
	public GatewayProbe(long pid, URI actuator, long originEpochMs) {
		this(pid, actuator, ProcessFacts.PROC, originEpochMs);
	}

	GatewayProbe(long pid, URI actuator, Path proc, long originEpochMs) {
		this.pid = pid;
		this.prometheus = URI.create(actuator + "/prometheus");
		this.proc = proc;
		this.originEpochMs = originEpochMs;
	}

	/**
	 * One snapshot.
	 * @param forceGc run a full GC first, so the heap is the live heap
	 * @throws RunFailedException when the gateway does not answer or is gone: the soak
	 * failed (exit 1), its arguments were fine
	 */
	public Snapshot take(boolean forceGc) {
		if (forceGc) {
			gc();
		}
		long now = System.currentTimeMillis();
		String scrape = HttpAnswer
			.send(http, HttpRequest.newBuilder(this.prometheus).timeout(Duration.ofSeconds(5)).GET().build())
			.okBody()
			.orElseThrow(() -> new RunFailedException("the gateway answered no GET " + this.prometheus));
		try {
			return Snapshot.of(now, (now - this.originEpochMs) / 1000.0, forceGc, JvmMemory.parse(scrape),
					ProcessFacts.read(this.proc, this.pid));
		}
		catch (BadInputException ex) {
			throw new RunFailedException("no snapshot of the gateway (pid " + this.pid + "): " + ex.getMessage(), ex);
		}
	}

	/**
	 * Samples every {@code interval} until {@link Sampling#stop()}; a failed sample is
	 * logged and skipped (the gateway may be busy), never fatal.
	 */
	public Sampling sample(Duration interval, Consumer<String> log) {
		return new Sampling(this, interval, log);
	}

	/**
	 * {@code jcmd <pid> GC.run}: a full collection the JVM cannot decline
	 * ({@code System.gc()} from outside, without {@code -XX:+DisableExplicitGC} in the
	 * way of an attach request), from the JDK running the kit.
	 */
	private void gc() {
		Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		if (!Files.isExecutable(jcmd)) {
			throw new RunFailedException(
					"the soak forces a GC with " + jcmd + ", which is missing: run the kit on a JDK, not a JRE");
		}
		try {
			Process process = new ProcessBuilder(jcmd.toString(), Long.toString(this.pid), "GC.run")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new RunFailedException("jcmd " + this.pid + " GC.run did not finish in 60 s");
			}
			if (process.exitValue() != 0) {
				throw new RunFailedException("jcmd " + this.pid + " GC.run exited with " + process.exitValue());
			}
		}
		catch (IOException ex) {
			throw new RunFailedException("could not run " + jcmd + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted while the gateway collected its garbage", ex);
		}
	}

	/** Snapshots taken at a fixed interval on a thread of their own. */
	public static final class Sampling {

		private final List<Snapshot> samples = new ArrayList<>();

		private final ScheduledExecutorService executor;

		Sampling(GatewayProbe probe, Duration interval, Consumer<String> log) {
			this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
				Thread thread = new Thread(task, "soak-sampler");
				thread.setDaemon(true);
				return thread;
			});
			this.executor.scheduleAtFixedRate(() -> {
				try {
					Snapshot snapshot = probe.take(false);
					synchronized (this.samples) {
						this.samples.add(snapshot);
					}
				}
				catch (RuntimeException ex) {
					log.accept("warning: a soak sample failed: " + ex.getMessage());
				}
			}, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
		}

		/** Stops sampling and returns what was taken. */
		public List<Snapshot> stop() {
			this.executor.shutdownNow();
			try {
				// A sample in flight has its own timeouts (HTTP 5 s): wait for it,
				// bounded.
				this.executor.awaitTermination(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			synchronized (this.samples) {
				return List.copyOf(this.samples);
			}
		}

	}

}
