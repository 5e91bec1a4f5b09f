package dev.gatewaykit.bench.analysis.paired;

import java.util.List;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

/**
 * One case of the A/B gate: one side's gateway JVM measured for one window at the gate's
 * rate.
 *
 * @param side {@code baseline} or {@code candidate}
 * @param jvm which of the side's gateway JVMs (1-based)
 * @param pair which pair the case belongs to (1-based)
 * @param fromMs the window's start, epoch ms
 * @param toMs its end
 * @param requests requests sent in the window
 * @param errors those of them that got no 2xx (or no answer at all by the time the
 * figures were taken)
 * @param gatewayCpuMicros the gateway's CPU time over the window per request answered in
 * it, µs, its JIT compiler threads' left out
 * @param stackCpuMicros the stack's, likewise
 * @param p50Ms the median answer time of the requests sent in the window
 * @param p99Ms their 99th percentile
 * @param jitMicros what the gateway's JIT compiler threads spent over the window per
 * request, µs: shown, not in the figures above (a warm-up's cost, and bursty)
 * @param busyPct how busy the machine's cores were in the window, %; NaN when unknown
 */
public record CaseFigures(String side, int jvm, int pair, long fromMs, long toMs, long requests, long errors,
		double gatewayCpuMicros, double stackCpuMicros, double p50Ms, double p99Ms, double jitMicros, double busyPct) {

	public static final String BASELINE = "baseline";

	public static final String CANDIDATE = "candidate";

	/** The case's figure for {@code metric}. */
	public double value(GateMetric metric) {
		return switch (metric) {
			case GATEWAY_SHARE -> gatewayShare();
			case GATEWAY_CPU -> this.gatewayCpuMicros;
			case STACK_CPU -> this.stackCpuMicros;
			case P50 -> this.p50Ms;
			case P99 -> this.p99Ms;
		};
	}

	/**
	 * The gateway's CPU per request as a percentage of the rest of the stack's; NaN when
	 * the rest spent none (no ratio to gate on, which {@link PairedChange} refuses).
	 */
	public double gatewayShare() {
		double rest = this.stackCpuMicros - this.gatewayCpuMicros;
		return (rest > 0) ? 100 * this.gatewayCpuMicros / rest : Double.NaN;
	}

	/**
	 * What the requests sent in {@code [fromMs, toMs)} say, with those still unanswered
	 * counted as errors (the gate takes the figures seconds after the window closed, at a
	 * rate the gateway carries: a request unanswered by then has failed).
	 */
	public record Answers(long requests, long errors, double p50Ms, double p99Ms) {

		public static Answers of(List<RequestRecord> records, long fromMs, long toMs, long unanswered) {
			long[] micros = records.stream()
				.filter((r) -> r.startMs() >= fromMs && r.startMs() < toMs)
				.mapToLong(RequestRecord::micros)
				.sorted()
				.toArray();
			long errors = unanswered
					+ records.stream().filter((r) -> r.startMs() >= fromMs && r.startMs() < toMs && !r.ok()).count();
			return new Answers(micros.length + unanswered, errors, quantile(micros, 0.50) / 1000.0,
					quantile(micros, 0.99) / 1000.0);
		}

		public double errorPct() {
			return (this.requests == 0) ? 0 : 100.0 * this.errors / this.requests;
		}

		/** The nearest-rank quantile of sorted values; 0 for none. */
		public static double quantile(long[] sorted, double q) {
			if (sorted.length == 0) {
				return 0;
			}
			int rank = (int) Math.ceil(q * sorted.length);
			return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
		}

	}

}
