package dev.gatewaykit.bench.analysis.knee;

import java.util.List;
import java.util.function.Predicate;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

/**
 * How a mode came back once the overload fell to a rate it carries: from the instant the
 * rate dropped, when the last request that failed (no 2xx within the deadline) was sent.
 * A gateway that refused or queued at the overload's peak should answer every request
 * again within seconds; one whose backlog or open breaker outlives the overload keeps
 * failing.
 *
 * @param offered the rate after the drop, requests a second
 * @param windowSeconds how long that rate was held and judged
 * @param requests requests sent in that time
 * @param failed those not answered 2xx
 * @param seconds from the drop to the last failed request's send, 0 when none failed; NaN
 * when failures went on until {@link #QUIET} before the window's end (not recovered)
 */
public record Recovery(double offered, double windowSeconds, long requests, long failed, double seconds) {

	/**
	 * A mode has recovered once its last failure is followed by this many seconds with
	 * none.
	 */
	public static final double QUIET = 5;

	/**
	 * The recovery of the requests sent in {@code [dropMs, toMs)}: failed when not
	 * answered 2xx within {@code deadlineMs}; those still in flight count as failed, sent
	 * at the window's end.
	 */
	public static Recovery of(double offered, List<RequestRecord> records, long dropMs, long toMs, long unanswered,
			double deadlineMs) {
		List<RequestRecord> sent = records.stream().filter((r) -> r.startMs() >= dropMs && r.startMs() < toMs).toList();
		Predicate<RequestRecord> failure = (r) -> !r.ok() || r.micros() > deadlineMs * 1000;
		long failed = unanswered + sent.stream().filter(failure).count();
		long lastFailed = (unanswered > 0) ? toMs
				: sent.stream().filter(failure).mapToLong(RequestRecord::startMs).max().orElse(dropMs);
		double seconds = (lastFailed - dropMs) / 1000.0;
		boolean quietSince = toMs - lastFailed >= QUIET * 1000;
		return new Recovery(offered, (toMs - dropMs) / 1000.0, sent.size() + unanswered, failed,
				(failed == 0) ? 0 : quietSince ? seconds : Double.NaN);
	}

	public boolean recovered() {
		return !Double.isNaN(this.seconds);
	}

}
