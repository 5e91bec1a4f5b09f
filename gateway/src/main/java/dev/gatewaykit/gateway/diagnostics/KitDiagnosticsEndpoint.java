package dev.gatewaykit.gateway.diagnostics;

import dev.gatewaykit.common.diagnostics.DiagnosticsEndpoint;
import dev.gatewaykit.common.diagnostics.GatewayDiagnostics;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/kitdiagnostics} on the management port: {@code GET} answers the last
 * seconds and the blocking calls ({@link GatewayDiagnostics}); {@code POST} clears the
 * blocking calls, so that a measured window reports only its own.
 */
@Endpoint(id = DiagnosticsEndpoint.ID)
public class KitDiagnosticsEndpoint {

	private final RecentSeconds seconds;

	private final BlockingCalls blockingCalls;

	KitDiagnosticsEndpoint(RecentSeconds seconds, BlockingCalls blockingCalls) {
		this.seconds = seconds;
		this.blockingCalls = blockingCalls;
	}

	@ReadOperation
	public GatewayDiagnostics diagnostics() {
		return new GatewayDiagnostics(this.seconds.snapshot(), this.blockingCalls.isInstalled(),
				this.blockingCalls.sinceEpochMs(), this.blockingCalls.snapshot());
	}

	/** Clears the blocking calls recorded so far. */
	@WriteOperation
	public void resetBlockingCalls() {
		this.blockingCalls.reset();
	}

}
