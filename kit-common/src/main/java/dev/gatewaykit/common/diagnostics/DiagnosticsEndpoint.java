package dev.gatewaykit.common.diagnostics;

/**
 * The gateway's diagnostics endpoint on its management port: {@code GET} answers a
 * {@link GatewayDiagnostics}; {@code POST} (no body) clears the blocking calls recorded
 * so far, so a measured window reports only its own.
 */
public final class DiagnosticsEndpoint {

	/** The actuator endpoint id. */
	public static final String ID = "kitdiagnostics";

	/** The path below the management port's root. */
	public static final String PATH = "/actuator/" + ID;

	private DiagnosticsEndpoint() {
	}

}
