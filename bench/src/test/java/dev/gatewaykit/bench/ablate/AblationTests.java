package dev.gatewaykit.bench.ablate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.ablation.Ablation;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.report.AblationPage;
import dev.gatewaykit.launcher.nginx.NginxConfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AblationTests {

	@TempDir
	Path run;

	@Test
	void eachCaseStatesEveryKnobAndTurnsOnlyItsOwn() {
		AblationCase base = new AblationCase(Knob.Side.FIXED, Optional.empty());
		AblationCase logging = new AblationCase(Knob.Side.FIXED, Optional.of(Knob.LOGGING));
		AblationCase nginx = new AblationCase(Knob.Side.NAIVE, Optional.of(Knob.NGINX));

		assertThat(base.name()).isEqualTo("fixed~base");
		assertThat(base.gatewayArguments()).containsExactly("--kit.gateway.mode=reactive",
				"--kit.gateway.log-style=fixed", "--kit.gateway.public-paths-matcher=path-pattern",
				"--spring.cloud.gateway.server.webflux.httpclient.pool.type=fixed");
		assertThat(base.nginx()).isEqualTo(NginxConfig.Variant.TUNED);
		assertThat(logging.name()).isEqualTo("fixed~logging");
		assertThat(logging.gatewayArguments()).contains("--kit.gateway.log-style=naive", "--kit.gateway.mode=reactive");
		assertThat(nginx.gatewayArguments()).contains("--kit.gateway.mode=blocking");
		assertThat(nginx.nginx()).isEqualTo(NginxConfig.Variant.TUNED);
		assertThat(new AblationCase(Knob.Side.NAIVE, Optional.empty()).nginx()).isEqualTo(NginxConfig.Variant.NAIVE);
	}

	@Test
	void thePlanPutsEachBaseBeforeItsKnobs() {
		assertThat(AblationCase.plan(List.of(Knob.Side.FIXED, Knob.Side.NAIVE), List.of(Knob.MODE, Knob.POOL)))
			.extracting(AblationCase::name)
			.containsExactly("fixed~base", "fixed~mode", "fixed~pool", "naive~base", "naive~mode", "naive~pool");
		assertThatIllegalArgumentException().isThrownBy(() -> Knob.of("cache"))
			.withMessage("unknown knob 'cache' (mode, logging, matcher, nginx, pool)");
	}

	@Test
	void anEffectCountsOnlyBeyondTheSpread() throws IOException {
		List<AblationCase> cases = AblationCase.plan(List.of(Knob.Side.FIXED), List.of(Knob.MODE, Knob.LOGGING));
		repeat("fixed~base", 0, 300);
		repeat("fixed~base", 1, 1000);
		repeat("fixed~base", 2, 1100);
		repeat("fixed~mode", 1, 60);
		repeat("fixed~mode", 2, 70);
		repeat("fixed~logging", 1, 1050);
		repeat("fixed~logging", 2, 990);

		Ablation ablation = Ablation.load(this.run, specs(cases));

		assertThat(ablation.rows()).extracting(Ablation.Row::name)
			.containsExactly("fixed~base", "fixed~mode", "fixed~logging");
		assertThat(ablation.rows().get(0).runs()).extracting(Sample::repeat).containsExactly(1, 2);
		Ablation.Row mode = ablation.rows().get(1);
		assertThat(mode.tps().median()).isEqualTo(65);
		assertThat(mode.versusBase().tpsPct()).isCloseTo(-93.8, org.assertj.core.data.Offset.offset(0.1));
		assertThat(mode.versusBase().tpsApart()).isTrue();
		Ablation.Row logging = ablation.rows().get(2);
		assertThat(logging.versusBase().tpsApart()).isFalse();
		assertThat(ablation.rows().get(0).versusBase()).isNull();
		assertThat(ablation.table()).contains("fixed~mode").contains("-93.8 % *").contains("65.0 [60.0–70.0]");
		assertThat(AblationPage.html(ablation)).contains("<svg").contains("from fixed: TPS (median, min–max)");
		AblationPage.write(ablation, this.run);
		assertThat(BenchJson.read(this.run.resolve(Ablation.FILE), Ablation.class)).isEqualTo(ablation);
	}

	@Test
	void aCaseThatDidNotFinishIsBadInput() throws IOException {
		repeat("fixed~base", 1, 1000);

		assertThatExceptionOfType(BadInputException.class).isThrownBy(
				() -> Ablation.load(this.run, specs(AblationCase.plan(List.of(Knob.Side.FIXED), List.of(Knob.MODE)))))
			.withMessageContaining("no fixed~mode_<k>/mode-summary.json");
	}

	/** The fixture's fixed mode, summarized with its TPS set to {@code tps}. */
	private void repeat(String name, int repeat, double tps) throws IOException {
		Path dir = this.run.resolve(name + "_" + repeat);
		Files.createDirectories(dir);
		Path fixture = TestFiles.FIXTURE_RUN.resolve("fixed");
		MeasuredRun measured = BenchJson.read(fixture.resolve("measured.json"), MeasuredRun.class);
		TimeSeries series = BenchJson.read(fixture.resolve("timeseries.json"), TimeSeries.class);
		GatewayFacts gateway = BenchJson.read(fixture.resolve("gateway.json"), GatewayFacts.class);
		ModeSummary mode = Summarizer.summarize("fixed", measured, series, gateway, new LinkLatencies(1, 50, 0),
				measured.workload());
		BenchJson.write(dir.resolve(ModeSummary.FILE),
				new ModeSummary(mode.schema(), mode.mode(), mode.executionMode(), mode.label(), mode.target(),
						mode.workload(), mode.links(), mode.windowSeconds(), mode.ok(), mode.ko(), tps, mode.errorPct(),
						mode.latencyMs(), mode.tpsPerSecond(), mode.validity(), mode.prediction(), mode.gateway(),
						mode.login(), mode.outcomes(), mode.assertions(), null, null));
	}

	private static List<Ablation.Case> specs(List<AblationCase> cases) {
		return cases.stream().map(AblationCase::spec).toList();
	}

}
