package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

/**
 * A knee run's cold starts as {@code cold-start.json} keeps them.
 *
 * @param cores the machine's processors
 * @param cpus where the load ran (see {@link KneeReport#cpus})
 * @param results one per mode whose knee was found, in the order they ran
 */
public record ColdStartReport(int cores, String cpus, List<ColdStart> results) {

	public ColdStartReport {
		results = List.copyOf(results);
	}

}
