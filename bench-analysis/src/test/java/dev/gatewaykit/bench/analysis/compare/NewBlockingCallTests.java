package dev.gatewaykit.bench.analysis.compare;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.diagnostics.Diagnostics;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Validity;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.diagnostics.BlockingCall;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;

class NewBlockingCallTests {

	private static final String LETTUCE = "io.lettuce.core.protocol.SharedLock.incrementWriters(SharedLock.java:62)";

	private static final String AUDIT = "dev.gatewaykit.extensions.audit.BlockingAuditLog.append(BlockingAuditLog.java:38)";

	@Test
	void namesTheSitesOnlyTheCurrentRunBlockedAt() {
		List<NewBlockingCall> added = NewBlockingCall.between(List.of(fixed(call(LETTUCE, 5))),
				List.of(fixed(call(LETTUCE, 3), call(AUDIT, 41_000))));

		assertThat(added).containsExactly(new NewBlockingCall("fixed", AUDIT, "jdk.internal.misc.Unsafe#park", 41_000));
		assertThat(added.get(0).text())
			.isEqualTo("fixed: " + AUDIT + " blocked in jdk.internal.misc.Unsafe#park × 41000");
	}

	@Test
	void saysNothingWhenEitherRunHadNoBlockHound() {
		assertThat(NewBlockingCall.between(List.of(mode(null)), List.of(fixed(call(AUDIT, 10))))).isEmpty();
		assertThat(NewBlockingCall.between(List.of(fixed(call(AUDIT, 10))), List.of(mode(null)))).isEmpty();
	}

	private static BlockingCall call(String site, long count) {
		return new BlockingCall(site, "jdk.internal.misc.Unsafe#park", count, List.of("reactor-http-epoll-1"));
	}

	private static ModeSummary fixed(BlockingCall... calls) {
		return mode(new Diagnostics.Blocking(0, List.of(calls)));
	}

	private static ModeSummary mode(Diagnostics.Blocking blocking) {
		ModeSummary mode = new ModeSummary(ModeSummary.SCHEMA, "fixed", ExecutionMode.REACTIVE, "fixed", "gateway",
				Workload.closed(150), new LinkLatencies(1, 50, 0), 30, 30_000, 0, 1000, 0,
				new Latency(100, 90, 150, 200, 250), ModeSummary.Spread.NONE, Validity.VALID,
				new Prediction(null, "-", Prediction.NONE, null, null), null, null, Map.of("200", 30_000L), List.of(),
				null, null);
		return mode.withDiagnostics(new Diagnostics(0, "first half", Map.of(), 0, null, List.of(), List.of(), "off",
				null, null, null, null, blocking, null, List.of()));
	}

}
