package dev.gatewaykit.bench.analysis.chaos;

/**
 * One request of the load: when it was sent and answered (epoch milliseconds) and its
 * status, {@value #NO_ANSWER} when none came (a reset connection, or the client's own
 * timeout).
 *
 * @param startMs when it was sent
 * @param endMs when its answer (or failure) came
 * @param status the HTTP status, or {@value #NO_ANSWER}
 * @param micros how long it took, in microseconds of a monotonic clock (the gate's
 * percentiles need more than the millisecond of the wall clock)
 */
public record RequestRecord(long startMs, long endMs, int status, long micros) {

	/** The status of a request that got no HTTP answer. */
	public static final int NO_ANSWER = 0;

	/** A request timed by the wall clock alone. */
	public RequestRecord(long startMs, long endMs, int status) {
		this(startMs, endMs, status, (endMs - startMs) * 1000);
	}

	public long durationMs() {
		return this.endMs - this.startMs;
	}

	public boolean ok() {
		return this.status >= 200 && this.status < 300;
	}

	/** Its status as the tables show it. */
	public String statusLabel() {
		return (this.status == NO_ANSWER) ? "no answer" : String.valueOf(this.status);
	}

}
