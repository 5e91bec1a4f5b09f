package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * The A/B gate's answer ({@code verdict.json}).
 *
 * @param status the answer
 * @param reasons why, a line each: the regressions, or the metrics it is not sure of
 * @param metrics each metric's outcome
 * @param newBlocking the candidate's new blocking calls in the user's code
 * @param pairs the pairs measured, in order
 * @param baselineErrorPct the baseline's share of failed requests over every window
 * @param candidateErrorPct the candidate's
 * @param resampled the rule replayed on the recorded pairs: its false-alarm and detection
 * rates on this run's noise
 */
public record PairedVerdict(Status status, List<String> reasons, List<MetricOutcome> metrics,
		List<BlockingCall> newBlocking, List<GatePair> pairs, double baselineErrorPct, double candidateErrorPct,
		List<PairedGate.Resampled> resampled) {

	/** Written into verdict.json; a reader refuses a newer one. */
	public static final int SCHEMA = 1;

	public PairedVerdict {
		reasons = List.copyOf(reasons);
		metrics = List.copyOf(metrics);
		newBlocking = List.copyOf(newBlocking);
		pairs = List.copyOf(pairs);
		resampled = List.copyOf(resampled);
	}

	/** This verdict with one more reason. */
	public PairedVerdict withReason(String reason) {
		List<String> more = new ArrayList<>(this.reasons);
		more.add(reason);
		return new PairedVerdict(this.status, more, this.metrics, this.newBlocking, this.pairs, this.baselineErrorPct,
				this.candidateErrorPct, this.resampled);
	}

	public int schema() {
		return SCHEMA;
	}

	/** The gate's answer. */
	public enum Status {

		/** Worse than a limit, and sure; or it blocks; or it fails more. */
		REGRESSION,

		/** Every gated metric within its limit, and sure of it. */
		NO_CHANGE,

		/** Better than a limit on a metric, worse on none. */
		IMPROVEMENT,

		/** A gated metric could not be told from its limit within the pairs allowed. */
		UNSURE;

		@JsonValue
		public String id() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

		/** As the terminal says it. */
		public String label() {
			return name().replace('_', ' ');
		}

	}

}
