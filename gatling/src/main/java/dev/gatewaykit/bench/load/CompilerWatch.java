package dev.gatewaykit.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.model.PrometheusText;

/**
 * Whether the gateway's JIT compilers have settled, from its Prometheus scrape
 * ({@code jvm_compilation_time_ms_total}). Throughput alone can look steady on a plateau
 * while the compilers still work flat out: a fixed gateway measured 287 OK/s "steady"
 * after 48 s of warm-up, then 509 OK/s at the end of its window, and its compilers spent
 * 30 s of the 35 s window compiling. Its CPU per request then counts the compiler, and
 * two runs of one build differ by half. The warm-up therefore also waits for the compile
 * time to grow by at most {@link #MAX_SHARE} of the wall time over the last
 * {@link #SPAN_MS}.
 * <p>
 * A gateway without the meter (or that does not answer) never holds the warm-up: the
 * watch then says settled.
 */
public final class CompilerWatch implements AutoCloseable {

	/** The compile time may grow by at most this share of the wall time. */
	public static final double MAX_SHARE = 0.10;

	/** Over this span. */
	public static final long SPAN_MS = 10_000;

	private static final String METER = "jvm_compilation_time_ms_total";

	private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final Deque<long[]> samples = new ArrayDeque<>();

	private volatile boolean unreadable;

	private ScheduledExecutorService scraper;

	/**
	 * Scrapes {@code url} every 2 s on a daemon thread until closed.
	 */
	public static CompilerWatch start(String url) {
		CompilerWatch watch = new CompilerWatch();
		watch.scraper = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "compiler-watch");
			thread.setDaemon(true);
			return thread;
		});
		HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).GET().build();
		watch.scraper.scheduleWithFixedDelay(() -> {
			try {
				HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
				OptionalDouble compiled = (response.statusCode() == 200) ? parse(response.body())
						: OptionalDouble.empty();
				if (compiled.isPresent()) {
					watch.record(System.currentTimeMillis(), compiled.getAsDouble());
				}
				else {
					watch.unreadable = true;
				}
			}
			catch (Exception ex) {
				// A busy gateway may answer late: the next scrape tries again.
				if (ex instanceof InterruptedException) {
					Thread.currentThread().interrupt();
				}
			}
		}, 0, 2, TimeUnit.SECONDS);
		return watch;
	}

	/** The total compile time in a Prometheus scrape, summed over the compilers. */
	public static OptionalDouble parse(String prometheus) {
		return PrometheusText.parse(prometheus).sum(METER);
	}

	/** One reading: the accumulated compile time at an instant. */
	public synchronized void record(long epochMs, double compiledMs) {
		this.samples.addLast(new long[] { epochMs, (long) compiledMs });
		while (this.samples.size() > 2 && this.samples.peekFirst()[0] < epochMs - 3 * SPAN_MS) {
			this.samples.removeFirst();
		}
	}

	/**
	 * Whether the compile time grew by at most {@link #MAX_SHARE} of the wall time over
	 * the last {@link #SPAN_MS}; true when the meter cannot be read, false until a whole
	 * span has been seen.
	 */
	public synchronized boolean settled() {
		if (this.unreadable && this.samples.isEmpty()) {
			return true;
		}
		if (this.samples.size() < 2) {
			return false;
		}
		long[] last = this.samples.peekLast();
		long[] from = null;
		for (long[] sample : this.samples) {
			if (sample[0] <= last[0] - SPAN_MS) {
				from = sample;
			}
		}
		if (from == null) {
			return false;
		}
		return (last[1] - from[1]) <= MAX_SHARE * (last[0] - from[0]);
	}

	/**
	 * For the progress line and the outcome: the share of the wall time spent compiling
	 * lately.
	 */
	public synchronized OptionalDouble recentShare() {
		if (this.samples.size() < 2) {
			return OptionalDouble.empty();
		}
		long[] first = this.samples.peekFirst();
		long[] last = this.samples.peekLast();
		return (last[0] > first[0]) ? OptionalDouble.of((double) (last[1] - first[1]) / (last[0] - first[0]))
				: OptionalDouble.empty();
	}

	@Override
	public void close() {
		if (this.scraper != null) {
			this.scraper.shutdownNow();
		}
	}

}
