package dev.gatewaykit.bench.analysis.compare;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the gate concluded about one metric of one mode, or about a whole mode (the worst
 * of its metrics). Listed from the worst down.
 */
public enum Verdict {

	/** A repeat on either side is invalid: its figures prove nothing. Fails the gate. */
	INVALID(Kind.FAILURE),

	/** Worse beyond the limit, and the two ranges do not overlap. Fails the gate. */
	REGRESSION(Kind.FAILURE),

	/**
	 * Worse beyond the limit, but inside the measured spread: the ranges overlap, so the
	 * repeats do not show that anything changed.
	 */
	NO_CHANGE(Kind.PASS),

	/** Within the limit either way. */
	WITHIN_LIMITS(Kind.PASS),

	/** Better beyond the limit, and the two ranges do not overlap. */
	IMPROVED(Kind.PASS),

	/**
	 * Not measured on one side or both (the gateway's CPU of a {@code --target-url}
	 * gateway without a PID).
	 */
	NOT_MEASURED(Kind.SKIPPED),

	/** The mode is in the baseline only. */
	ONLY_IN_BASELINE(Kind.SKIPPED),

	/** The mode is in the current run only. */
	ONLY_IN_CURRENT(Kind.SKIPPED);

	/** How a verdict counts in the gate and in JUnit XML. */
	public enum Kind {

		FAILURE, PASS, SKIPPED

	}

	private final Kind kind;

	Verdict(Kind kind) {
		this.kind = kind;
	}

	public Kind kind() {
		return this.kind;
	}

	public boolean failing() {
		return this.kind == Kind.FAILURE;
	}

	/** Whether a metric was compared at all: not skipped. */
	public boolean compared() {
		return this.kind != Kind.SKIPPED;
	}

	/** Failures in capitals, so they stand out in a log. */
	public String label() {
		String words = name().replace('_', ' ');
		return failing() ? words : words.toLowerCase(Locale.ROOT);
	}

	/** The name in the verdict files: {@code no-change}, {@code only-in-baseline}. */
	@JsonValue
	public String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The worse of two verdicts; a skipped metric never outweighs a compared one. */
	static Verdict worse(Verdict a, Verdict b) {
		return (a.ordinal() <= b.ordinal()) ? a : b;
	}

}
