package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.launcher.HttpAnswer;

/**
 * Measures the unloaded response time: {@code requests} of the load sent one after the
 * other, each waited for, so that no request queues behind another. The stack must be
 * warm (after a window), or the time is the JIT's.
 */
public final class UnloadedProbe {

	/** Enough for a stable median; 3 s at the naive mode's 58 ms. */
	public static final int REQUESTS = 50;

	/** The longest the probe runs; it stops early rather than hold up the bench. */
	static final Duration DEADLINE = Duration.ofSeconds(20);

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

	private UnloadedProbe() {
	}

	/**
	 * Sends up to {@code count} requests; empty when none was answered OK (the note says
	 * why).
	 */
	public static Optional<Unloaded> measure(HttpClient http, URI base, LoadRequests load, int count) {
		long end = System.nanoTime() + DEADLINE.toNanos();
		double[] okMs = new double[count];
		int sent = 0;
		int ok = 0;
		while (sent < count && System.nanoTime() < end) {
			HttpRequest request = load.next(++sent).jdk(base).timeout(REQUEST_TIMEOUT).build();
			long start = System.nanoTime();
			HttpAnswer answer = HttpAnswer.send(http, request);
			long elapsed = System.nanoTime() - start;
			if (answer.status() >= 200 && answer.status() < 300) {
				okMs[ok++] = elapsed / 1e6;
			}
		}
		if (ok == 0) {
			return Optional.empty();
		}
		double[] times = Arrays.copyOf(okMs, ok);
		Arrays.sort(times);
		double median = (ok % 2 == 1) ? times[ok / 2] : (times[ok / 2 - 1] + times[ok / 2]) / 2;
		return Optional.of(new Unloaded(sent, ok, median, times[0]));
	}

}
