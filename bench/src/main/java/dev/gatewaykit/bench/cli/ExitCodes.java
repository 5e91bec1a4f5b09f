package dev.gatewaykit.bench.cli;

import dev.gatewaykit.bench.analysis.compare.GateVerdict;
import dev.gatewaykit.bench.analysis.paired.PairedVerdict;

/** What the CLI's exit status means, the same for every command. */
public final class ExitCodes {

	/** Done; for {@code compare}: no regression. */
	public static final int OK = 0;

	/**
	 * The command ran and the answer is "no": a regression, a failed render, a tool
	 * missing, a service that did not come up.
	 */
	public static final int FAILED = 1;

	/** Bad arguments or bad input files: nothing was decided. */
	public static final int USAGE = 2;

	/**
	 * A bug in the kit: an exception nobody expected. The stack trace is printed; the
	 * arguments were fine.
	 */
	public static final int INTERNAL = 3;

	/**
	 * The gate could not decide: a metric's interval still straddles its limit at the
	 * most pairs allowed. Neither pass nor fail: a CI may retry, or allow more pairs.
	 */
	public static final int UNSURE = 4;

	private ExitCodes() {
	}

	/**
	 * The gate's decision as an exit status: a regression fails; runs that could not be
	 * compared are bad input, since nothing was decided.
	 */
	public static int of(GateVerdict.Status status) {
		return switch (status) {
			case PASS -> OK;
			case FAIL -> FAILED;
			case NOT_COMPARABLE, NOTHING_COMPARED -> USAGE;
		};
	}

	/** The paired gate's answer as an exit status. */
	public static int of(PairedVerdict.Status status) {
		return switch (status) {
			case NO_CHANGE, IMPROVEMENT -> OK;
			case REGRESSION -> FAILED;
			case UNSURE -> UNSURE;
		};
	}

}
