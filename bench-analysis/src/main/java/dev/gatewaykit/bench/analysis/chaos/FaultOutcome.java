package dev.gatewaykit.bench.analysis.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one fault did in one mode, and whether it met the targets.
 *
 * @param fault the fault's name
 * @param mode the gateway's execution mode
 * @param baselineClean whether every request of the baseline answered before the fault
 * was answered 2xx (if not, the figures after it are suspect)
 * @param statuses the statuses of the requests sent while the fault lasted, with counts
 * @param requests how many requests were sent from the fault to the end of the watch
 * @param errors how many of them were not answered 2xx
 * @param slowestMs the slowest of them, sent to answered
 * @param boundMs what the slowest may take: the link's timeout plus the margin
 * @param recoverySeconds the first second after the lift from which every answer was 2xx
 * (0: at once), empty if that never happened within the watch
 * @param recoveryTargetSeconds the most it may be
 * @param breaker the circuit-breaker transitions from the fault to the end of the watch,
 * or empty when the gateway has no breaker
 */
public record FaultOutcome(String fault, String mode, boolean baselineClean, Map<String, Integer> statuses,
		int requests, int errors, long slowestMs, long boundMs, Optional<Integer> recoverySeconds,
		int recoveryTargetSeconds, Optional<List<String>> breaker) {

	public boolean slowestMet() {
		return this.slowestMs <= this.boundMs;
	}

	public boolean recoveryMet() {
		return this.recoverySeconds.isPresent() && this.recoverySeconds.get() <= this.recoveryTargetSeconds;
	}

	public boolean met() {
		return slowestMet() && recoveryMet();
	}

	/** What was missed, for the log and the tables; empty when nothing was. */
	public List<String> misses() {
		List<String> misses = new ArrayList<>();
		if (!slowestMet()) {
			misses.add("slowest " + this.slowestMs + " ms > " + this.boundMs + " ms");
		}
		if (this.recoverySeconds.isEmpty()) {
			misses.add("not recovered");
		}
		else if (!recoveryMet()) {
			misses.add("recovery " + this.recoverySeconds.get() + " s > " + this.recoveryTargetSeconds + " s");
		}
		return misses;
	}

}
