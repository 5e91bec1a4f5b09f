package dev.gatewaykit.bench.analysis.summary;

import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.PhaseStats;

/**
 * The rule that keeps a broken run from being quoted as a throughput: more than 1 %
 * failed requests in the measured window and the mode's TPS is reported as
 * {@code INVALID} instead. A gateway that answers 502 quickly is not fast. Exactly 1 % is
 * still valid.
 */
public final class RunValidity {

	/** The largest error percentage a valid run may have. */
	public static final double MAX_ERROR_PCT = 1.0;

	private RunValidity() {
	}

	public static Validity of(PhaseStats measured) {
		if (measured.total() == 0) {
			return Validity.invalid("no request completed in the measured window");
		}
		// Compared as ko·100 > total·1 so that exactly 1 % is not lost to floating-point
		// rounding.
		if (measured.ko() * 100.0 > measured.total() * MAX_ERROR_PCT) {
			return Validity.invalid(percent(measured.errorPct()) + " % errors");
		}
		return Validity.VALID;
	}

	/**
	 * One decimal, or as many more as it takes (up to four) for a just-invalid rate such
	 * as 1.004 % not to print as the valid-looking "1.0".
	 */
	public static String percent(double errorPct) {
		String text = Numbers.fixed(errorPct, 1);
		for (int decimals = 2; decimals <= 4 && Double.parseDouble(text) <= MAX_ERROR_PCT; decimals++) {
			text = Numbers.fixed(errorPct, decimals);
		}
		return text;
	}

}
