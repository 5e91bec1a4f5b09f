package dev.gatewaykit.bench.analysis.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads one fault's figures from the load's records: what was answered while it lasted,
 * the slowest answer and the errors from the fault to the end of the watch, and how long
 * after the lift the answers were all 2xx again. A request belongs to the phase in which
 * it was sent: one sent during the fault and answered after the lift is the fault's.
 */
public final class ChaosAnalysis {

	private static final long SECOND_MS = 1000;

	private ChaosAnalysis() {
	}

	/**
	 * One fault's outcome.
	 * @param records every request of the mode's load (any order), all answered or failed
	 * @param bound the most a request may take (the link's timeout plus the margin)
	 * @param recoveryTarget the most the recovery may take
	 * @param transitions the mode's circuit-breaker transitions, empty when the gateway
	 * has no breaker
	 */
	public static FaultOutcome outcome(String fault, String mode, Phases phases, List<RequestRecord> records,
			Duration bound, Duration recoveryTarget, Optional<List<BreakerTransition>> transitions) {
		// Only what was answered before the fault: a baseline request still waiting when
		// the fault came may fail because of it.
		boolean baselineClean = records.stream()
			.filter((r) -> r.startMs() >= phases.baselineMs() && r.endMs() < phases.faultMs())
			.allMatch(RequestRecord::ok);
		Map<String, Integer> statuses = statuses(sentBetween(records, phases.faultMs(), phases.liftMs()));
		List<RequestRecord> affected = sentBetween(records, phases.faultMs(), phases.endMs());
		int errors = (int) affected.stream().filter((r) -> !r.ok()).count();
		long slowest = affected.stream().mapToLong(RequestRecord::durationMs).max().orElse(0);
		Optional<List<String>> breaker = transitions.map((all) -> all.stream()
			.filter((t) -> t.atMs() >= phases.faultMs() && t.atMs() < phases.endMs())
			.map(BreakerTransition::describe)
			.toList());
		return new FaultOutcome(fault, mode, baselineClean, statuses, affected.size(), errors, slowest,
				bound.toMillis(), recoverySeconds(records, phases.liftMs(), phases.endMs()),
				(int) recoveryTarget.toSeconds(), breaker);
	}

	/** The requests sent in {@code [fromMs, toMs)}, whenever they were answered. */
	static List<RequestRecord> sentBetween(List<RequestRecord> records, long fromMs, long toMs) {
		return records.stream().filter((r) -> r.startMs() >= fromMs && r.startMs() < toMs).toList();
	}

	/** How many of {@code records} got each status (or "no answer"). */
	static Map<String, Integer> statuses(List<RequestRecord> records) {
		Map<String, Integer> statuses = new TreeMap<>();
		records.forEach((r) -> statuses.merge(r.statusLabel(), 1, Integer::sum));
		return statuses;
	}

	/**
	 * The first whole second after {@code liftMs} from which every request sent before
	 * {@code endMs} was answered 2xx: 0 when the answers were good at once; empty when
	 * the last second sent to still had an error, or nothing was sent after the lift.
	 */
	static Optional<Integer> recoverySeconds(List<RequestRecord> records, long liftMs, long endMs) {
		long lastBad = -1;
		boolean any = false;
		for (RequestRecord record : records) {
			if (record.startMs() < liftMs || record.startMs() >= endMs) {
				continue;
			}
			any = true;
			if (!record.ok()) {
				lastBad = Math.max(lastBad, (record.startMs() - liftMs) / SECOND_MS);
			}
		}
		if (!any) {
			return Optional.empty();
		}
		int recovered = (int) (lastBad + 1);
		// Recovered means answers were seen good after it, not just that the watch ended.
		boolean seenGood = records.stream()
			.anyMatch((r) -> r.startMs() >= liftMs + recovered * SECOND_MS && r.startMs() < endMs);
		return seenGood ? Optional.of(recovered) : Optional.empty();
	}

	/**
	 * Whether the load has settled after a lift: over the last {@code clean} (ending a
	 * second ago, so that its requests had time to be answered), everything sent was
	 * answered 2xx, nothing sent then is still waiting, and the window began after the
	 * lift. The watch ends there rather than at its longest.
	 * @param completed the requests answered or failed so far
	 * @param oldestPendingMs when the oldest request still waiting was sent, if any
	 */
	public static boolean settled(List<RequestRecord> completed, Optional<Long> oldestPendingMs, long liftMs,
			long nowMs, Duration clean) {
		long to = nowMs - SECOND_MS;
		long from = to - clean.toMillis();
		if (from < liftMs || oldestPendingMs.filter((pending) -> pending < to).isPresent()) {
			return false;
		}
		List<RequestRecord> window = completed.stream().filter((r) -> r.startMs() >= from && r.startMs() < to).toList();
		return !window.isEmpty() && window.stream().allMatch(RequestRecord::ok);
	}

}
