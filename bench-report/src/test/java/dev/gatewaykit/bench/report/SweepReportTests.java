package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.LittlesLaw;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.RunValidity;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class SweepReportTests {

	private static final GatewayFacts GATEWAY = new GatewayFacts("blocking", "naive", 4, 2, 20, "ant", "naive");

	@TempDir
	Path run;

	@Test
	void groupsPointsByModeInLatencyOrder() throws IOException {
		point("blocking", 50, 79, 0);
		point("blocking", 10, 390, 0);
		point("reactive", 10, 1100, 0);
		point("blocking", 100, 40, 0);

		SweepReport sweep = SweepReport.load(this.run);

		assertThat(sweep.modes()).extracting(SweepReport.ModeSweep::mode).containsExactly("blocking", "reactive");
		assertThat(sweep.byMode().get("blocking").points()).extracting(SweepReport.SweepPoint::authLatencyMs)
			.containsExactly(10.0, 50.0, 100.0);
	}

	@Test
	void predictionCurveFollowsLoopsOverLatencyForTheBlockingMode() throws IOException {
		point("blocking", 50, 79, 0);
		point("blocking", 100, 40, 0);

		SweepReport.ModeSweep blocking = SweepReport.load(this.run).byMode().get("blocking");

		SweepReport.CurvePoint at50 = blocking.prediction()
			.stream()
			.filter((point) -> point.authLatencyMs() == 50)
			.findFirst()
			.orElseThrow();
		assertThat(at50.tps()).isCloseTo(4 / 0.050, within(1e-9));
		assertThat(blocking.points().get(0).formula()).isEqualTo("4 loops / 50 ms injected = 80");
		// At 0 ms nothing blocks, so the closed model's users bound it only with infinite
		// throughput: no point.
		assertThat(blocking.prediction()).noneMatch((point) -> point.authLatencyMs() == 0);
	}

	@Test
	void invalidPointsAreReportedButNotPlottedAsThroughput() throws IOException {
		point("blocking", 10, 390, 0);
		point("blocking", 100, 40, 5);

		SweepReport sweep = SweepReport.load(this.run);

		SweepReport.SweepPoint invalid = sweep.byMode().get("blocking").points().get(1);
		assertThat(invalid.valid()).isFalse();
		assertThat(invalid.tps()).isNull();
		assertThat(sweep.table()).contains("INVALID (11.1 % errors)");
	}

	@Test
	void writesSweepJsonAndAnOfflineChart() throws IOException {
		point("blocking", 10, 390, 0);
		point("blocking", 50, 79, 0);
		point("reactive", 10, 1100, 0);
		point("reactive", 50, 1090, 0);

		SweepReport.load(this.run).write(this.run);

		String html = Files.readString(this.run.resolve("sweep.html"));
		assertThat(html).contains("<svg", "blocking measured", "blocking predicted", "reactive predicted")
			.doesNotContain("<script", "src=\"http");
		assertThat(BenchJson.readTree(this.run.resolve("sweep.json")).path("modes").get(0).path("mode").asString())
			.isEqualTo("blocking");
	}

	@Test
	void aPointSummarizedWithAnotherLatencyIsBadInput() throws IOException {
		point("blocking", 10, 390, 0);
		Files.move(this.run.resolve("blocking@10ms"), this.run.resolve("blocking@25ms"));

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> SweepReport.load(this.run))
			.withMessageContaining("auth latency of 10 ms");
	}

	@Test
	void aRunWithoutSweepPointsIsBadInput() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> SweepReport.load(this.run))
			.withMessageContaining("<mode>@<latency>ms");
	}

	private void point(String mode, double authMs, double tps, long ko) throws IOException {
		ExecutionMode execution = BenchModes.executionMode(mode);
		LinkLatencies links = new LinkLatencies(0, authMs, 0);
		Workload workload = Workload.closed(200);
		long ok = Math.round(tps * 60);
		PhaseStats stats = new PhaseStats(ok, ko * 60, new Latency(1, 1, 1, 1, 1), Map.of());
		ModeSummary summary = new ModeSummary(ModeSummary.SCHEMA, mode, execution, mode, "gateway", workload, links, 60,
				ok, ko * 60, tps, stats.errorPct(), stats.latencyMs(), ModeSummary.Spread.NONE, RunValidity.of(stats),
				LittlesLaw.predict(execution, GATEWAY, links, workload), GATEWAY, null, Map.of(), List.of(), null,
				null);
		Path dir = this.run.resolve(mode + "@" + dev.gatewaykit.bench.model.Numbers.trim(authMs, 1) + "ms");
		Files.createDirectories(dir);
		BenchJson.write(dir.resolve(ModeSummary.FILE), summary);
	}

}
