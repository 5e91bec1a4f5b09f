package dev.gatewaykit.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.chaos.ChaosPlan;
import dev.gatewaykit.bench.analysis.chaos.ChaosResults;
import dev.gatewaykit.bench.analysis.chaos.FaultOutcome;
import dev.gatewaykit.bench.analysis.chaos.LifecycleOutcome;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;

class ChaosReportTests {

	private static final FaultOutcome MET = new FaultOutcome("mall-sigstop", "reactive", true,
			Map.of("504", 390, "200", 10), 900, 400, 5120, 6000, Optional.of(1), 5, Optional.empty());

	private static final FaultOutcome MISSED = new FaultOutcome("redis-restart", "blocking", true, Map.of("503", 400),
			900, 700, 9000, 2000, Optional.empty(), 5, Optional.of(List.of("session closed→open")));

	private static final LifecycleOutcome REPRODUCED = new LifecycleOutcome("mall-idle-close", "prematurely closed",
			new LifecycleOutcome.Side("pool.max-idle-time=30s", Map.of("200", 880, "502", 120), 1000, 120, 1100, 3),
			new LifecycleOutcome.Side("the template's defaults", Map.of("200", 1000), 1000, 0, 40, 0));

	private static final LifecycleOutcome LEAKED = new LifecycleOutcome("mall-pool-small", "pending",
			new LifecycleOutcome.Side("pool.max-connections=16", Map.of("200", 1000), 1000, 0, 40, 0),
			new LifecycleOutcome.Side("the template's defaults", Map.of("200", 990, "503", 10), 1000, 10, 2000, 1));

	@TempDir
	Path dir;

	@Test
	void aRowSaysWhatWasSeenAndWhatWasMissed() {
		String table = ChaosReport.table(new ChaosResults(List.of(MET, MISSED), List.of()));

		assertThat(table).contains("mall-sigstop", "5120 / 6000 ms", "400 of 900", "1 s", "no breaker", "ok");
		assertThat(table).contains("session closed→open", "MISSED: slowest 9000 ms > 2000 ms; not recovered");
	}

	@Test
	void writesItsOwnJsonAndHtmlInTheRunsDirectory() throws Exception {
		ChaosPlan options = new ChaosPlan(50, Duration.ofSeconds(3), Duration.ofSeconds(8), Duration.ofSeconds(1),
				Duration.ofSeconds(5));

		ChaosReport.write(this.dir, options, new ChaosResults(List.of(MET, MISSED), List.of(REPRODUCED, LEAKED)));

		assertThat(
				BenchJson.readTree(this.dir.resolve("chaos.json")).path("outcomes").get(1).path("slowestMs").asLong())
			.isEqualTo(9000);
		assertThat(BenchJson.readTree(this.dir.resolve("chaos.json"))
			.path("lifecycle")
			.get(0)
			.path("naive")
			.path("signatureLines")
			.asLong()).isEqualTo(3);
		assertThat(Files.readString(this.dir.resolve("chaos.html"))).contains("<td>redis-restart</td>")
			.contains("session closed→open")
			.contains("<td>mall-idle-close</td>");
	}

	@Test
	void aLifecycleFaultHasARowPerSettingWithItsVerdict() {
		String table = ChaosReport.table(new ChaosResults(List.of(), List.of(REPRODUCED, LEAKED)));

		assertThat(table).contains("naive: pool.max-idle-time=30s", "120 of 1000", "3 × 'prematurely closed'",
				"reproduced", "template: the template's defaults", "prevented");
		assertThat(table).contains("MISSED: not reproduced", "MISSED: not prevented").doesNotContain("mall-sigstop");
	}

}
