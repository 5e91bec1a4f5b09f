package dev.gatewaykit.bench.analysis.chaos;

/**
 * When one fault's phases began (epoch milliseconds): a clean baseline, the fault, its
 * lift, and the end of the recovery watch.
 *
 * @param baselineMs the baseline's start
 * @param faultMs the moment the fault was applied
 * @param liftMs the moment it was lifted (a restarted Redis: answering again)
 * @param endMs the end of the recovery watch
 */
public record Phases(long baselineMs, long faultMs, long liftMs, long endMs) {

	public Phases {
		if (!(baselineMs <= faultMs && faultMs <= liftMs && liftMs <= endMs)) {
			throw new IllegalArgumentException("phases out of order: baseline " + baselineMs + ", fault " + faultMs
					+ ", lift " + liftMs + ", end " + endMs);
		}
	}

}
