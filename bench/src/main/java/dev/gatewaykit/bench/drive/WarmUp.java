package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

/**
 * Brings a gateway to an open-model rate the way a gateway must be brought to one: from
 * no load up over {@link #RAMP}, then held until it keeps up with no backlog and, when
 * asked, its JIT has settled. Sent at once, a rate near capacity found a cold gateway
 * refusing 12-21 % of it through its whole warm-up, and a "valid" window carried the cold
 * backlog (p99 14.4 s). The A/B gate and the knee search start every gateway this way.
 */
public final class WarmUp {

	/** How long a gateway is brought from no load to the rate. */
	public static final Duration RAMP = Duration.ofSeconds(15);

	/**
	 * A gateway keeps up when the requests sent over this long were answered 2xx (at
	 * least {@link #KEEP_UP_SHARE} of them) and none is older than
	 * {@link #MAX_BACKLOG_AGE}.
	 */
	static final Duration KEEP_UP = Duration.ofSeconds(5);

	static final double KEEP_UP_SHARE = 0.99;

	static final Duration MAX_BACKLOG_AGE = Duration.ofSeconds(1);

	private final HttpClient http;

	private final Duration clientTimeout;

	public WarmUp(HttpClient http, Duration clientTimeout) {
		this.http = http;
		this.clientTimeout = clientTimeout;
	}

	/**
	 * Moves {@code load} to {@code target} with no load, ramps it to {@code rate}, then
	 * holds the rate until at least {@code least} has passed since the ramp began and the
	 * gateway keeps up (its JIT settled too when {@code compiled}), or until {@code most}
	 * has passed.
	 * @param prometheus the gateway's Prometheus scrape, for its compile time
	 */
	public Outcome bring(OpenModelDriver load, URI target, URI prometheus, double rate, Duration least, Duration most,
			boolean compiled) throws InterruptedException {
		if (least.compareTo(most) > 0) {
			throw new IllegalArgumentException("a warm-up's least time " + least + " is longer than its most " + most);
		}
		load.rate(0);
		load.awaitAnswers(this.clientTimeout);
		load.target(target);
		long start = System.currentTimeMillis();
		ramp(load, 0, rate, RAMP);
		long now;
		CompileTime compiles = new CompileTime(this.http, prometheus);
		List<RequestRecord> recent = new ArrayList<>();
		while (true) {
			Thread.sleep(1000);
			now = System.currentTimeMillis();
			KeepUp check = keepUp(load, recent, now);
			compiles.read(now);
			boolean settled = !compiled || compiles.settled();
			if ((check.keepsUp() && settled && now - start >= least.toMillis()) || now - start > most.toMillis()) {
				return new Outcome(check.keepsUp(), settled, (now - start) / 1000, check.sent(), check.ok(),
						load.inFlight(), compiles.describe());
			}
		}
	}

	/**
	 * Moves {@code load}'s rate from {@code from} to {@code to} in steps a quarter of a
	 * second apart over {@code duration}, ending at {@code to}.
	 */
	public static void ramp(OpenModelDriver load, double from, double to, Duration duration)
			throws InterruptedException {
		long start = System.currentTimeMillis();
		long now = start;
		while (now < start + duration.toMillis()) {
			load.rate(from + (to - from) * (now - start) / duration.toMillis());
			Thread.sleep(250);
			now = System.currentTimeMillis();
		}
		load.rate(to);
	}

	/**
	 * Whether the load's recent requests say the gateway keeps up: of those sent over
	 * {@link #KEEP_UP} until a {@link OpenModelDriver#TAIL} ago, {@link #KEEP_UP_SHARE}
	 * answered 2xx, and none in flight for longer than {@link #MAX_BACKLOG_AGE}. The
	 * load's new records join {@code recent}; older ones are dropped from it.
	 */
	static KeepUp keepUp(OpenModelDriver load, List<RequestRecord> recent, long now) {
		long since = now - KEEP_UP.toMillis() - OpenModelDriver.TAIL.toMillis();
		long until = now - OpenModelDriver.TAIL.toMillis();
		OpenModelDriver.Taken taken = load.take(since, until);
		recent.addAll(taken.records());
		recent.removeIf((r) -> r.startMs() < since);
		long sent = taken.inFlight() + recent.stream().filter((r) -> r.startMs() < until).count();
		long ok = recent.stream().filter((r) -> r.startMs() < until && r.ok()).count();
		boolean noBacklog = load.oldestPendingMs()
			.map((sentAt) -> now - sentAt < MAX_BACKLOG_AGE.toMillis())
			.orElse(true);
		return new KeepUp(sent > 0 && ok >= KEEP_UP_SHARE * sent && noBacklog, sent, ok);
	}

	record KeepUp(boolean keepsUp, long sent, long ok) {
	}

	/**
	 * How a warm-up ended.
	 *
	 * @param keptUp whether the gateway kept up at the end
	 * @param settled whether its JIT had settled then (true when not asked)
	 * @param seconds how long it took, the ramp included
	 * @param sent requests sent over the last look's span
	 * @param ok those answered 2xx
	 * @param inFlight requests in flight at the end
	 * @param compiling how much the JIT compiled lately, as a clause for a log line
	 */
	public record Outcome(boolean keptUp, boolean settled, long seconds, long sent, long ok, int inFlight,
			String compiling) {

		/** Kept up, and settled when asked. */
		public boolean ready() {
			return this.keptUp && this.settled;
		}

		public String describe(String name, double rate) {
			return String.format(Locale.ROOT, "%s keeps up with %.0f/s after %d s%s", name, rate, this.seconds,
					this.compiling);
		}

	}

}
