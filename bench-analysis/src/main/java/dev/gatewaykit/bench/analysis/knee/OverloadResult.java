package dev.gatewaykit.bench.analysis.knee;

import java.util.List;

/**
 * One mode driven past its knee.
 *
 * @param mode the profile or mode
 * @param kneeRate the knee the multiples are of, requests a second
 * @param kneeP99Ms the p99 at the knee, as its search measured it
 * @param edgeLimit the requests in progress nginx let through to the gateway (refusing
 * the rest itself), 0 when it did not cap them
 * @param edgeRate the requests a second nginx let through to the gateway (refusing the
 * rest itself), 0 when it did not limit them
 * @param steps the multiples held, in order (the higher ones missing after a cut step)
 * @param recovery what followed the drop to a rate below the knee
 */
public record OverloadResult(String mode, double kneeRate, double kneeP99Ms, int edgeLimit, int edgeRate,
		List<OverloadStep> steps, Recovery recovery) {

	public OverloadResult {
		steps = List.copyOf(steps);
	}

}
