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
import dev.gatewaykit.bench.analysis.chaos.FaultOutcome;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;

class ChaosReportTests {

	private static final FaultOutcome MET = new FaultOutcome("mall-sigstop", "reactive", true,
			Map.of("504", 390, "200", 10), 900, 400, 5120, 6000, Optional.of(1), 5, Optional.empty());

	private static final FaultOutcome MISSED = new FaultOutcome("redis-restart", "blocking", true, Map.of("503", 400),
			900, 700, 9000, 2000, Optional.empty(), 5, Optional.of(List.of("session closed→open")));

	@TempDir
	Path dir;

	@Test
	void aRowSaysWhatWasSeenAndWhatWasMissed() {
		String table = ChaosReport.table(List.of(MET, MISSED));

		assertThat(table).contains("mall-sigstop", "5120 / 6000 ms", "400 of 900", "1 s", "no breaker", "ok");
		assertThat(table).contains("session closed→open", "MISSED: slowest 9000 ms > 2000 ms; not recovered");
	}

	@Test
	void writesItsOwnJsonAndHtmlInTheRunsDirectory() throws Exception {
		ChaosPlan options = new ChaosPlan(50, Duration.ofSeconds(3), Duration.ofSeconds(8), Duration.ofSeconds(1),
				Duration.ofSeconds(5));

		ChaosReport.write(this.dir, options, List.of(MET, MISSED));

		assertThat(
				BenchJson.readTree(this.dir.resolve("chaos.json")).path("outcomes").get(1).path("slowestMs").asLong())
			.isEqualTo(9000);
		assertThat(Files.readString(this.dir.resolve("chaos.html"))).contains("<td>redis-restart</td>")
			.contains("session closed→open");
	}

}
