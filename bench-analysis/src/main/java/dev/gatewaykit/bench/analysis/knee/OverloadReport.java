package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

/**
 * A knee run's overload steps as {@code overload.json} keeps them.
 *
 * @param cores the machine's processors
 * @param cpus where the load ran (see {@link KneeReport#cpus})
 * @param settleSeconds load at each multiple before its window
 * @param windowSeconds each multiple's window
 * @param recoveryMultiple the rate after the drop, as a multiple of the knee
 * @param deadlineMs the longest a 2xx answer may take and count as goodput (five times
 * the knee's p99 target, the time after which the search calls a request late)
 * @param results one per mode whose knee was found, in the order they ran
 */
public record OverloadReport(int cores, String cpus, long settleSeconds, long windowSeconds, double recoveryMultiple,
		double deadlineMs, List<OverloadResult> results) {

	/** The file of a knee run's directory that holds it. */
	public static final String FILE = "overload.json";

	public OverloadReport {
		results = List.copyOf(results);
	}

}
