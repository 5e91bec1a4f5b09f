package dev.gatewaykit.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.paired.CaseFigures;
import dev.gatewaykit.bench.analysis.paired.GateOutcome;
import dev.gatewaykit.bench.analysis.paired.GatePair;
import dev.gatewaykit.bench.analysis.paired.PairedGate;
import dev.gatewaykit.bench.analysis.paired.PairedVerdict;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.common.diagnostics.BlockingCall;

import static org.assertj.core.api.Assertions.assertThat;

class GatePageTests {

	private static final PairedGate GATE = new PairedGate(6, 10, 0.95, PairedGate.defaultLimits(), 0.5);

	@TempDir
	Path dir;

	@Test
	void aRegressionNamesTheMetricItsIntervalAndTheBlockingLineEverywhere() throws Exception {
		BlockingCall audit = new BlockingCall(
				"dev.gatewaykit.extensions.audit.BlockingAuditLog.append(BlockingAuditLog.java:40)",
				"jdk.internal.misc.Unsafe#park", 11073, List.of("reactor-http-epoll-1"));
		GateOutcome outcome = outcome(GATE.verdict(pairs(1.12), List.of(), List.of(audit)));

		GatePage.write(outcome, this.dir);

		String table = GatePage.table(outcome);
		assertThat(table).startsWith("gate: REGRESSION after 6 pairs at 1000 requests/s");
		assertThat(table).contains("+12.0 % [+12.0, +12.0]")
			.contains("REGRESSION")
			.contains("560 µs")
			.contains("62.5 %");
		assertThat(table).contains("implies on 2 cores: baseline 1538/s, candidate 1471/s");
		assertThat(table)
			.contains("BlockingAuditLog.append(BlockingAuditLog.java:40) → jdk.internal.misc.Unsafe#park × 11073");
		String junit = Files.readString(this.dir.resolve(GatePage.JUNIT));
		assertThat(junit)
			.contains("<testcase classname=\"gate\" name=\"gateway-share\" time=\"0\"><failure message=\"+12.0 %")
			.doesNotContain("name=\"gateway-cpu\"");
		assertThat(junit).contains(
				"name=\"blocking\" time=\"0\"><failure message=\"dev.gatewaykit.extensions.audit.BlockingAuditLog");
		assertThat(Files.readString(this.dir.resolve(GatePage.PAGE))).contains("<h1>Gate: REGRESSION</h1>")
			.contains("<svg");
		List<String> csv = Files.readAllLines(this.dir.resolve(GatePage.PAIRS));
		assertThat(csv).hasSize(13);
		assertThat(csv.get(0)).endsWith(",p99_ms,gateway_share_pct,jit_us,busy_pct");
		// 560 µs over the rest's 800 is a 70 % share; the JIT's 4 µs are shown beside it.
		assertThat(csv.get(2)).isEqualTo("1,candidate,1,0,10000,10000,0,560.0,1360.0,2.000,10.000,70.00,4.0,70.0");
		assertThat(BenchJson.readTree(this.dir.resolve(GateOutcome.FILE)).path("verdict").path("status").asString())
			.isEqualTo("regression");
	}

	@Test
	void unsureIsSkippedInTheJUnitFileNotPassed() throws Exception {
		List<GatePair> pairs = new ArrayList<>();
		double[] noise = { 1.10, 0.92, 1.08, 0.95, 1.12, 0.90, 1.09, 0.93, 1.11, 0.94 };
		for (int i = 0; i < noise.length; i++) {
			pairs.add(new GatePair(i + 1, figures("baseline", 500), figures("candidate", 500 * noise[i])));
		}
		GateOutcome outcome = outcome(GATE.verdict(pairs, List.of(), List.of()));

		GatePage.write(outcome, this.dir);

		assertThat(outcome.verdict().status()).isEqualTo(PairedVerdict.Status.UNSURE);
		assertThat(Files.readString(this.dir.resolve(GatePage.JUNIT)))
			.contains("name=\"gateway-share\" time=\"0\"><skipped");
		assertThat(GatePage.table(outcome)).contains("cannot tell from ±5 % in 10 pairs");
	}

	private static GateOutcome outcome(PairedVerdict verdict) {
		return new GateOutcome("the kit's gateway", "the kit's gateway --x=1", "fixed", 1000, "given (--rate)", 2, 2,
				10, true, 200, 160, 2, verdict);
	}

	private static List<GatePair> pairs(double ratio) {
		List<GatePair> pairs = new ArrayList<>();
		for (int i = 1; i <= 6; i++) {
			pairs.add(new GatePair(i, figures("baseline", 500), figures("candidate", 500 * ratio)));
		}
		return pairs;
	}

	private static CaseFigures figures(String side, double gatewayCpu) {
		return new CaseFigures(side, 1, 1, 0, 10_000, 10_000, 0, gatewayCpu, gatewayCpu + 800, 2, 10, 4, 70);
	}

}
