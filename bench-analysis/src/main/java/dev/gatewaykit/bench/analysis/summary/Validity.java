package dev.gatewaykit.bench.analysis.summary;

/**
 * Whether a mode's figures may be quoted as a TPS.
 *
 * @param valid {@code true} when they may
 * @param reason why not, {@code null} when valid
 */
public record Validity(boolean valid, String reason) {

	public static final Validity VALID = new Validity(true, null);

	public static Validity invalid(String reason) {
		return new Validity(false, reason);
	}

}
