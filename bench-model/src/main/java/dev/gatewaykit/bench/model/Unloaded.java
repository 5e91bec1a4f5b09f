package dev.gatewaykit.bench.model;

/**
 * The unloaded response time {@code R0}: the load's own requests sent one at a time to
 * the warm stack, right after the measured window ({@code unloaded.json}). A closed
 * workload of {@code N} users with no think time completes at most {@code N ÷ R0} a
 * second: each user waits at least {@code R0} per request, and queueing only adds to it.
 *
 * @param requests requests sent
 * @param ok those answered with a 2xx status, the only ones timed
 * @param medianMs the median of the OK requests' response times
 * @param minMs the fastest
 */
public record Unloaded(int requests, int ok, double medianMs, double minMs) {

	public static final String FILE = "unloaded.json";

}
