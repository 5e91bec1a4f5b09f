package dev.gatewaykit.bench.model;

/**
 * Latency of the OK responses of one window, in milliseconds. Failed requests are counted
 * in the error rate instead: a fast 502 would otherwise make a broken run look quick.
 */
public record Latency(double mean, double p50, double p90, double p99, double max) {

	public static final Latency NONE = new Latency(0, 0, 0, 0, 0);

}
