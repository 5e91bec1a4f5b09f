package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

/**
 * A {@code ./kit knee} run as {@code knee.json} keeps it.
 *
 * @param criteria what a rate had to meet
 * @param cores the machine's processors
 * @param cpus where the load ran: {@value #SHARED}, or its CPUs and the stack's
 * @param rampSeconds how long each step brought the load from the previous rate to its
 * own
 * @param settleSeconds load at each step's rate before its window
 * @param windowSeconds each step's window
 * @param redisLatencyMs the Redis link's added latency per round trip
 * @param authLatencyMs the auth-service link's
 * @param edge what nginx let through to the gateway during the search, as its limit
 * describes it; empty when it did not limit it (as with {@code --edge-limit auto}, which
 * sizes the limit after the search)
 * @param results one per mode, in the order they ran
 */
public record KneeReport(KneeCriteria criteria, int cores, String cpus, long rampSeconds, long settleSeconds,
		long windowSeconds, int redisLatencyMs, int authLatencyMs, String edge, List<KneeResult> results) {

	/** The file of a knee run's directory that holds it. */
	public static final String FILE = "knee.json";

	/** The load on the same CPUs as the stack. */
	public static final String SHARED = "the load on the stack's CPUs";

	public KneeReport {
		// A run written before the field was kept has none: it ran without a limit.
		edge = (edge != null) ? edge : "";
		results = List.copyOf(results);
	}

}
