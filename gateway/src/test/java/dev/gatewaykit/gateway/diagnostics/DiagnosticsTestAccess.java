package dev.gatewaykit.gateway.diagnostics;

import java.util.List;

import io.netty.util.concurrent.EventExecutor;

import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** What the gateway's integration tests may see of the diagnostics' internals. */
public final class DiagnosticsTestAccess {

	private DiagnosticsTestAccess() {
	}

	/** The event loops the running diagnostics probe. */
	public static List<EventExecutor> probedLoops(ApplicationContext context) {
		EventLoopLagProbe probe = context.getBean(DiagnosticsSampling.class).probe();
		assertThat(probe).as("diagnostics running").isNotNull();
		return probe.loops();
	}

}
