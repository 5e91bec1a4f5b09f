package dev.gatewaykit.bench.analysis.paired;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a metric's change says, for a metric where higher is worse (CPU per request,
 * latency), against a limit of {@code ±limit} %.
 */
public enum GateCall {

	/**
	 * Worse than the limit, and the interval says so: all of it lies above +limit. A
	 * change inside the limit is never called a regression, however sure.
	 */
	REGRESSION,

	/**
	 * The whole interval lies inside ±limit: whatever changed, it is within the limit.
	 */
	NO_CHANGE,

	/** Better than the limit: all of the interval lies below -limit. */
	IMPROVEMENT,

	/**
	 * None of these: the interval straddles a limit. More pairs narrow it and decide; at
	 * the cap, the interval's half-width says how small a change the run could see.
	 */
	UNSURE;

	/** The call for {@code change} against a limit of {@code limitPct} (positive). */
	public static GateCall of(PairedChange change, double limitPct) {
		if (!(limitPct > 0)) {
			throw new IllegalArgumentException("a limit must be above 0 %: " + limitPct);
		}
		if (change.lowPct() > limitPct) {
			return REGRESSION;
		}
		if (change.lowPct() > -limitPct && change.highPct() < limitPct) {
			return NO_CHANGE;
		}
		if (change.highPct() < -limitPct) {
			return IMPROVEMENT;
		}
		return UNSURE;
	}

	/** Whether more pairs could change the call. */
	public boolean decided() {
		return this != UNSURE;
	}

	@JsonValue
	public String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
