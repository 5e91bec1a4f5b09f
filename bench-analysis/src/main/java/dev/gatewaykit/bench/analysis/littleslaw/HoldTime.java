package dev.gatewaykit.bench.analysis.littleslaw;

import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

/**
 * How long one request held one thread of the pool its mode is bound by, measured between
 * two scrapes of the gateway's meters: the time spent waiting in the blocking calls plus
 * the pool's own CPU time, both per request.
 * <p>
 * The CPU part is what the injected link latencies leave out: in the blocking mode each
 * event loop also parses the request, runs the filters, logs and proxies — with the naive
 * profile's synchronous logging that is several milliseconds, and Little's law with the
 * blocked time alone over-predicts by that much. The two parts overlap a little (the CPU
 * a thread spends inside a blocking call counts in both), which errs towards a lower
 * prediction.
 *
 * @param requests requests between the two scrapes
 * @param blockedMs wall time in the blocking calls per request
 * @param cpuMs CPU time of the pool's threads per request
 * @param pool the pool ({@link GatewayMeters#EVENT_LOOP}, ...)
 * @param span which scrapes: {@code window} (window start → after the run) or {@code run}
 * (gateway start → after the run, when the window-start scrape is missing)
 */
public record HoldTime(double requests, double blockedMs, double cpuMs, String pool, String span) {

	public static final String WINDOW = "window";

	public static final String RUN = "run";

	/**
	 * @return {@code null} when no request passed between the scrapes
	 */
	public static HoldTime between(GatewayMeters from, GatewayMeters to, String pool, String span) {
		double requests = to.requests() - from.requests();
		if (!(requests > 0)) {
			return null;
		}
		double blocked = (to.blockedSeconds() - from.blockedSeconds()) * 1000 / requests;
		double cpu = (to.cpu(pool) - from.cpu(pool)) * 1000 / requests;
		return new HoldTime(requests, blocked, cpu, pool, span);
	}

	/**
	 * The pool a mode holds while it waits (the reactive mode holds none: its event-loop
	 * CPU is shown).
	 */
	public static String poolOf(ExecutionMode mode) {
		return switch (mode) {
			case BLOCKING, REACTIVE -> GatewayMeters.EVENT_LOOP;
			case PUBLISH_ON -> GatewayMeters.PARALLEL;
			case BOUNDED_ELASTIC -> GatewayMeters.BOUNDED_ELASTIC;
		};
	}

	/**
	 * The pool an MVC mode's requests run on: Tomcat's workers, which a request holds
	 * while it waits, as the blocking mode holds a loop; or the carriers, which a virtual
	 * thread holds only while it runs or pins (their CPU is shown).
	 */
	public static String poolOf(MvcMode mode) {
		return switch (mode) {
			case PLATFORM -> GatewayMeters.TOMCAT;
			case VIRTUAL -> GatewayMeters.CARRIER;
		};
	}

	public double totalMs() {
		return this.blockedMs + this.cpuMs;
	}

	/** E.g. {@code 55.1 ms blocked + 7.9 ms loop CPU}. */
	public String describe() {
		String noun = switch (this.pool) {
			case GatewayMeters.EVENT_LOOP -> "loop";
			case GatewayMeters.PARALLEL -> "parallel";
			case GatewayMeters.TOMCAT -> "Tomcat";
			case GatewayMeters.CARRIER -> "carrier";
			default -> "elastic";
		};
		return Numbers.trim(this.blockedMs, 1) + " ms blocked + " + Numbers.trim(this.cpuMs, 1) + " ms " + noun
				+ " CPU";
	}

}
