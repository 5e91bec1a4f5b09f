package dev.gatewaykit.bench.analysis.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Whether a soak passed: no failed request, no leak report in the gateway's log, and heap
 * after GC, direct memory, open files and threads back to their baseline (within
 * {@link Tolerances}) once the load has stopped.
 *
 * @param checks one line per target, in the order the table prints them
 */
public record SoakVerdict(List<Check> checks) {

	public SoakVerdict {
		checks = List.copyOf(checks);
	}

	/**
	 * One target.
	 *
	 * @param metric what was measured
	 * @param unit {@code bytes} or {@code count}
	 * @param baseline before the load ({@code null} for the counts of the load itself)
	 * @param maxDuring the highest sample during the load ({@code null} when not sampled)
	 * @param after after the load stopped
	 * @param limit the most {@code after} may be
	 * @param passed whether {@code after <= limit}
	 */
	public record Check(String metric, String unit, @Nullable Long baseline, @Nullable Long maxDuring, long after,
			long limit, boolean passed) {

		static Check of(String metric, String unit, @Nullable Long baseline, @Nullable Long maxDuring, long after,
				long limit) {
			return new Check(metric, unit, baseline, maxDuring, after, limit, after <= limit);
		}

	}

	/**
	 * Judges a soak.
	 * @param baseline the GC'd snapshot after the warm-up, before the load
	 * @param during the samples taken while the load ran
	 * @param after the GC'd snapshot after the load stopped and the gateway settled
	 * @param failedRequests requests of the load that failed (the window and its tail)
	 * @param leakReports {@code LEAK:} lines in the gateway's log
	 */
	public static SoakVerdict judge(Snapshot baseline, List<Snapshot> during, Snapshot after, long failedRequests,
			long leakReports, Tolerances tolerances) {
		long heapBaseline = heap(baseline);
		List<Check> checks = new ArrayList<>();
		checks.add(Check.of("failed requests", "count", null, null, failedRequests, 0));
		checks.add(Check.of("LEAK: reports", "count", null, null, leakReports, 0));
		checks.add(
				Check.of("heap after GC", "bytes", heapBaseline, max(during, (snapshot) -> snapshot.heapAfterGcBytes()),
						heap(after), tolerances.heapLimit(heapBaseline)));
		checks.add(Check.of("direct memory", "bytes", baseline.directBytes(),
				max(during, (snapshot) -> snapshot.directBytes()), after.directBytes(),
				baseline.directBytes() + tolerances.directBytes()));
		checks.add(Check.of("open files", "count", (long) baseline.openFiles(),
				max(during, (snapshot) -> (long) snapshot.openFiles()), after.openFiles(),
				baseline.openFiles() + tolerances.openFiles()));
		checks.add(Check.of("threads", "count", (long) baseline.threads(),
				max(during, (snapshot) -> (long) snapshot.threads()), after.threads(),
				baseline.threads() + tolerances.threads()));
		return new SoakVerdict(checks);
	}

	/** Whether every target was met. */
	public boolean passed() {
		return this.checks.stream().allMatch(Check::passed);
	}

	private static long heap(Snapshot snapshot) {
		if (!snapshot.gcForced() || snapshot.heapAfterGcBytes() == null) {
			throw new IllegalArgumentException("the baseline and the after snapshot must be taken after a forced GC");
		}
		return snapshot.heapAfterGcBytes();
	}

	private static @Nullable Long max(List<Snapshot> during, Function<Snapshot, @Nullable Long> value) {
		return during.stream().map(value).filter((v) -> v != null).max(Long::compare).orElse(null);
	}

}
