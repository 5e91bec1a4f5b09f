package dev.gatewaykit.bench.model;

import java.util.Map;

/**
 * What completed in one phase of a simulation (login, warm-up, measured window, tail).
 *
 * @param ok responses with the expected status
 * @param ko failed requests: another status, a timeout or a connection error
 * @param latencyMs latency of the OK responses
 * @param outcomes count per HTTP status, or {@code no response} for timeouts and
 * connection errors
 */
public record PhaseStats(long ok, long ko, Latency latencyMs, Map<String, Long> outcomes) {

	public PhaseStats {
		outcomes = (outcomes != null) ? Map.copyOf(outcomes) : Map.of();
		latencyMs = (latencyMs != null) ? latencyMs : Latency.NONE;
	}

	public long total() {
		return this.ok + this.ko;
	}

	/**
	 * Failed requests as a percentage of all completed ones; 0 when nothing completed.
	 */
	public double errorPct() {
		return (total() == 0) ? 0 : this.ko * 100.0 / total();
	}

}
