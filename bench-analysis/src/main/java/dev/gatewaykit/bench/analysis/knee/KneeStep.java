package dev.gatewaykit.bench.analysis.knee;

import java.util.Locale;

/**
 * One rate the knee search held: what the requests sent in its window say (or, for a step
 * given up, those sent since it began).
 *
 * @param offered the rate sent, requests a second, whatever the answers did (an open
 * model)
 * @param requests requests sent in the window
 * @param errors those that got no 2xx, or no answer by the time the step was judged
 * @param okPerSecond 2xx answers a second to those requests: the goodput
 * @param p50Ms their median answer time
 * @param p99Ms their 99th percentile
 * @param busyPct how busy the machine's cores were over the window, %; NaN when unknown
 * @param passed whether the step met the criteria
 * @param givenUp whether the step was given up before its window ended, its gateway
 * fallen behind: its figures are those of the requests sent since it began, its p99 a
 * lower bound
 * @param cpu what each request sent in the window cost the gateway and the load
 */
public record KneeStep(double offered, long requests, long errors, double okPerSecond, double p50Ms, double p99Ms,
		double busyPct, boolean passed, boolean givenUp, Cpu cpu) {

	/** A step whose CPU was not read (one given up, or a test's). */
	public KneeStep(double offered, long requests, long errors, double okPerSecond, double p50Ms, double p99Ms,
			double busyPct, boolean passed, boolean givenUp) {
		this(offered, requests, errors, okPerSecond, p50Ms, p99Ms, busyPct, passed, givenUp, Cpu.UNKNOWN);
	}

	/**
	 * CPU time per request sent in a step's window, µs; NaN when not read. At one rate
	 * the knees of one build differed by half from run to run: the gateway's cost with
	 * its compiling apart, beside the load's (another JVM doing the same work at every
	 * step), says whether the gateway did more work or the machine did the same work
	 * slower.
	 *
	 * @param gatewayMicros the gateway's whole process
	 * @param compilingMicros the part of it its JIT compiler threads spent
	 * @param loadMicros the kit's own JVM, which sends the load
	 */
	public record Cpu(double gatewayMicros, double compilingMicros, double loadMicros) {

		/** Not read. */
		public static final Cpu UNKNOWN = new Cpu(Double.NaN, Double.NaN, Double.NaN);

		/**
		 * The gateway's as shown ({@code "529 (JIT 12)"}), or {@code "-"} when unknown.
		 */
		public String gateway() {
			if (!Double.isFinite(this.gatewayMicros)) {
				return "-";
			}
			String gateway = String.format(Locale.ROOT, "%.0f", this.gatewayMicros);
			return Double.isFinite(this.compilingMicros)
					? gateway + String.format(Locale.ROOT, " (JIT %.0f)", this.compilingMicros) : gateway;
		}

		/** The load's as shown, or {@code "-"} when unknown. */
		public String load() {
			return Double.isFinite(this.loadMicros) ? String.format(Locale.ROOT, "%.0f", this.loadMicros) : "-";
		}

	}

	public double errorPct() {
		return (this.requests == 0) ? 0 : 100.0 * this.errors / this.requests;
	}

	/** The step's outcome in a word or two, as the terminal and the report show it. */
	public String call() {
		return this.passed ? "passed" : this.givenUp ? "given up" : "failed";
	}

	/** The cores' busy share as shown ({@code "97 %"}), or {@code "-"} when unknown. */
	public String busy() {
		return Double.isFinite(this.busyPct) ? String.format(Locale.ROOT, "%.0f %%", this.busyPct) : "-";
	}

}
