package dev.gatewaykit.bench.analysis.chaos;

/**
 * A circuit breaker that changed state between two scrapes of the gateway's
 * {@code resilience4j_circuitbreaker_state} gauge.
 *
 * @param atMs the scrape that saw the new state (epoch milliseconds)
 * @param name the breaker's name
 * @param from its state at the scrape before
 * @param to its state now
 */
public record BreakerTransition(long atMs, String name, String from, String to) {

	/** As the tables show it, e.g. {@code relay closed→open}. */
	public String describe() {
		return this.name + " " + this.from + "→" + this.to;
	}

}
