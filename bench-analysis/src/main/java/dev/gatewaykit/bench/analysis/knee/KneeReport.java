package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

/**
 * A {@code ./kit knee} run as {@code knee.json} keeps it.
 *
 * @param criteria what a rate had to meet
 * @param cores the machine's processors (the load ran on them too)
 * @param rampSeconds how long each step brought the load from the previous rate to its
 * own
 * @param settleSeconds load at each step's rate before its window
 * @param windowSeconds each step's window
 * @param redisLatencyMs the Redis link's added latency per round trip
 * @param authLatencyMs the auth-service link's
 * @param results one per mode, in the order they ran
 */
public record KneeReport(KneeCriteria criteria, int cores, long rampSeconds, long settleSeconds, long windowSeconds,
		int redisLatencyMs, int authLatencyMs, List<KneeResult> results) {

	/** The file of a knee run's directory that holds it. */
	public static final String FILE = "knee.json";

	public KneeReport {
		results = List.copyOf(results);
	}

}
