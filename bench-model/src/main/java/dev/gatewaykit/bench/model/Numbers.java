package dev.gatewaykit.bench.model;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Number formatting shared by formulas, tables and charts, so the same figure reads the
 * same everywhere.
 */
public final class Numbers {

	private Numbers() {
	}

	/**
	 * Rounds half-up to at most {@code decimals} places and drops trailing zeros: 53.0 →
	 * "53", 52.50 → "52.5".
	 */
	public static String trim(double value, int decimals) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return String.valueOf(value);
		}
		BigDecimal rounded = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
		return (rounded.scale() < 0) ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
	}

	/** Exactly {@code decimals} places: for table columns that should line up. */
	public static String fixed(double value, int decimals) {
		return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
	}

}
