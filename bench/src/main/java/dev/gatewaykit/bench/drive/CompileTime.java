package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;

import dev.gatewaykit.bench.model.PrometheusText;
import dev.gatewaykit.launcher.HttpAnswer;

/**
 * Whether a gateway's JIT compilers have settled, from its Prometheus scrape
 * ({@code jvm_compilation_time_ms_total}): the compile time grew by at most
 * {@link #MAX_SHARE} of the wall time over the last {@link #SPAN}. A JVM that keeps up
 * with the rate may still compile flat out; its CPU per request then counts the compiler.
 * Measured: an A/A gate whose JVMs were warmed 20 s each, on keeping up alone, called the
 * later-warmed side +24 % gateway CPU (+16 to +71 % per pair). A gateway without the
 * meter never holds the warm-up.
 */
public final class CompileTime {

	static final double MAX_SHARE = 0.05;

	static final Duration SPAN = Duration.ofSeconds(10);

	private static final String METER = "jvm_compilation_time_ms_total";

	/** Answers that say the scrape will never be there. */
	private static final Set<Integer> NOT_THERE = Set.of(401, 403, 404);

	private final HttpClient http;

	private final HttpRequest scrape;

	private final Deque<double[]> readings = new ArrayDeque<>();

	private boolean unreadable;

	public CompileTime(HttpClient http, URI prometheus) {
		this.http = http;
		this.scrape = HttpRequest.newBuilder(prometheus).timeout(Duration.ofSeconds(2)).GET().build();
	}

	/** Reads the meter now; a gateway that does not answer is read next time. */
	public void read(long nowMs) {
		HttpAnswer answer = HttpAnswer.send(this.http, this.scrape);
		if (NOT_THERE.contains(answer.status())) {
			// A user's gateway without the endpoint (or behind its security): no meter
			// will ever come, and waiting for one would hold every warm-up to its end.
			this.unreadable = true;
			return;
		}
		if (!answer.ok()) {
			return;
		}
		OptionalDouble compiled = PrometheusText.parse(answer.body()).sum(METER);
		if (compiled.isEmpty()) {
			this.unreadable = true;
			return;
		}
		this.readings.addLast(new double[] { nowMs, compiled.getAsDouble() });
		while (this.readings.size() > 2 && this.readings.peekFirst()[0] < nowMs - 3 * SPAN.toMillis()) {
			this.readings.removeFirst();
		}
	}

	public boolean settled() {
		return this.unreadable || share().orElse(1) <= MAX_SHARE;
	}

	/** The compile time's share of the wall time over the last span, once one is seen. */
	public OptionalDouble share() {
		if (this.readings.size() < 2) {
			return OptionalDouble.empty();
		}
		double[] last = this.readings.peekLast();
		double[] from = null;
		for (double[] reading : this.readings) {
			if (reading[0] <= last[0] - SPAN.toMillis()) {
				from = reading;
			}
		}
		if (from == null) {
			return OptionalDouble.empty();
		}
		return OptionalDouble.of((last[1] - from[1]) / (last[0] - from[0]));
	}

	public String describe() {
		OptionalDouble share = share();
		return share.isPresent() ? String.format(Locale.ROOT, ", its JIT compiling %.0f %% of the time lately",
				share.getAsDouble() * 100) : "";
	}

}
