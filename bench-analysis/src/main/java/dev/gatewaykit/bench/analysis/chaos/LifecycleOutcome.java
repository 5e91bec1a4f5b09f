package dev.gatewaykit.bench.analysis.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one connection-lifecycle fault did to a gateway with the naive setting and to one
 * with the template's: the naive one must show the users' error, the template's none.
 *
 * @param fault the fault's name
 * @param signature the text of the users' error, as the gateway logs it
 * @param naive the gateway with the setting that causes it
 * @param template the gateway with the template's setting
 * @param retried the error is the upstream's doing and happens whatever the gateway's
 * setting (a reset connection); the template retries the request, so it prevents the
 * error reaching a client, not the error: its log lines are evidence that the fault was
 * there, and only a failed request is a miss
 */
public record LifecycleOutcome(String fault, String signature, Side naive, Side template, boolean retried) {

	/** A fault the template's setting prevents at its source. */
	public LifecycleOutcome(String fault, String signature, Side naive, Side template) {
		this(fault, signature, naive, template, false);
	}

	/**
	 * One gateway's window under the fault.
	 *
	 * @param setting the setting, as given on its command line
	 * @param statuses the statuses of the requests sent in the window, with counts
	 * @param requests how many were sent
	 * @param errors how many were not answered 2xx
	 * @param slowestMs the slowest of them, sent to answered
	 * @param signatureLines the gateway's log lines with the users' error over its whole
	 * run, warm-up included (some of its warnings are rate-limited, so this is evidence
	 * of the error, not its count)
	 */
	public record Side(String setting, Map<String, Integer> statuses, int requests, int errors, long slowestMs,
			long signatureLines) {

		/** The side's figures from the requests sent in {@code [fromMs, toMs)}. */
		public static Side of(String setting, List<RequestRecord> records, long fromMs, long toMs,
				long signatureLines) {
			List<RequestRecord> window = ChaosAnalysis.sentBetween(records, fromMs, toMs);
			Map<String, Integer> statuses = ChaosAnalysis.statuses(window);
			int errors = (int) window.stream().filter((r) -> !r.ok()).count();
			long slowest = window.stream().mapToLong(RequestRecord::durationMs).max().orElse(0);
			return new Side(setting, statuses, window.size(), errors, slowest, signatureLines);
		}

	}

	/**
	 * The naive setting showed the users' error in its log. Its failed requests are
	 * reported beside it, not required: the template's GET retry, which the naive gateway
	 * keeps, answers many of them.
	 */
	public boolean reproduced() {
		return this.naive.signatureLines() > 0;
	}

	/**
	 * The template's setting showed neither a failed request nor the error (a failed
	 * request alone, for a fault it {@link #retried}).
	 */
	public boolean prevented() {
		return this.template.requests() > 0 && this.template.errors() == 0
				&& (this.retried || this.template.signatureLines() == 0);
	}

	public boolean met() {
		return reproduced() && prevented();
	}

	/** What was missed, for the tables; empty when nothing was. */
	public List<String> misses() {
		List<String> misses = new ArrayList<>();
		if (!reproduced()) {
			misses.add("naive setting did not reproduce it");
		}
		if (!prevented()) {
			misses.add("template: " + this.template.errors() + " errors"
					+ (this.retried ? "" : ", " + this.template.signatureLines() + " log lines"));
		}
		return misses;
	}

}
