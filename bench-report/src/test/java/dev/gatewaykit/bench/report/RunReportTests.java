package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.ComparisonFixtures;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Ratio;
import dev.gatewaykit.bench.analysis.summary.RunFixtures;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.scaling.ScalePoint;
import dev.gatewaykit.bench.analysis.summary.ModeSummaries;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.TimeSeries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class RunReportTests {

	static final Path FIXTURES = TestFiles.FIXTURE_RUN;

	static final MachineFacts MACHINE = RunFixtures.MACHINE;

	static final Map<String, String> VERSIONS = RunFixtures.VERSIONS;

	static final Clock CLOCK = RunFixtures.CLOCK;

	@TempDir
	Path run;

	@BeforeEach
	void summarizeTheFixtureRun() throws IOException {
		TestFiles.summarizedRun(this.run);
	}

	@Test
	void warnsWhenTheThroughputMovedWithinTheWindow() {
		ModeSummary fixed = ComparisonFixtures.mode("fixed", 1000);
		List<TimeSeries.Second> climbing = new java.util.ArrayList<>();
		List<TimeSeries.Second> flat = new java.util.ArrayList<>();
		for (int t = 0; t < 30; t++) {
			climbing.add(new TimeSeries.Second(t, 800 + 20L * t, 0, null));
			flat.add(new TimeSeries.Second(t, 1000 + ((t % 2 == 0) ? 30 : -30), 0, null));
		}

		String drift = RunReport.drift(fixed, new TimeSeries(TimeSeries.SCHEMA, "fixed", 20, 30, climbing));

		assertThat(drift)
			.isEqualTo("fixed: the throughput moved within the window, 890 OK/s in its first 10 s, 1290 in "
					+ "its last (+45 %): not one steady state; a longer --warmup helps");
		assertThat(RunReport.drift(fixed, new TimeSeries(TimeSeries.SCHEMA, "fixed", 20, 30, flat))).isNull();
	}

	@Test
	void summaryPutsTheModesSideBySideWithTheFixedOverNaiveRatio() throws IOException {
		RunSummary summary = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary();

		assertThat(summary.modes()).extracting(ModeSummary::mode).containsExactly("naive", "fixed");
		assertThat(summary.ceiling().tps()).isCloseTo(2405.5, within(1e-9));
		assertThat(summary.ratio().kind()).isEqualTo(Ratio.FIXED_OVER_NAIVE);
		assertThat(summary.ratio().value()).isCloseTo(66310 / 4508.0, within(1e-9));
		assertThat(summary.ratioText()).isEqualTo("fixed/naive = 14.7x (1105.2 / 75.1 TPS)");
		assertThat(summary.params().path("redisLatencyMs").asInt()).isEqualTo(25);
		assertThat(summary.createdAt()).isEqualTo("2026-11-21T12:00:00Z");
		assertThat(summary.warnings()).isEmpty();
	}

	@Test
	void writesASummaryJsonThatReadsBack() throws IOException {
		RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).write(this.run);

		RunSummary read = BenchJson.read(this.run.resolve("summary.json"), RunSummary.class);
		assertThat(read.modes()).hasSize(2);
		assertThat(read.machine()).isEqualTo(MACHINE);
		assertThat(read.versions()).containsEntry("gatling", "3.15.1");
		assertThat(read.modes().get(0).prediction().formula()).isEqualTo("4 loops / 53 ms injected = 75");
	}

	@Test
	void terminalTablePrintsEachModeItsPredictionAndTheRatio() throws IOException {
		String table = SummaryTable.terminal(RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary());

		assertThat(table).contains("mode", "TPS", "p99", "bound", "of bound", "why");
		assertThat(table).containsPattern("naive\\s+200 users\\s+75\\.1\\s+");
		assertThat(table).contains("4 loops / 53 ms injected = 75", "200 users / 53 ms = 3774", "ceiling (no gateway)");
		assertThat(table).contains("fixed/naive = 14.7x");
	}

	@Test
	void anInvalidModeShowsWhyInsteadOfATps() throws IOException {
		ModeSummary naive = BenchJson.read(this.run.resolve("naive/mode-summary.json"), ModeSummary.class);
		String row = String.join(" | ", SummaryTable.row(withErrors(naive, 0.968)));

		assertThat(row).contains("INVALID (3.2 % errors)").doesNotContain("75.1");
	}

	@Test
	void withoutAFixedNaivePairTheRatioSaysWhichModesItDivides() throws IOException {
		Files.move(this.run.resolve("naive"), this.run.resolve("blocking"));
		rewriteMode(this.run.resolve("blocking"), "blocking");
		Files.move(this.run.resolve("fixed"), this.run.resolve("reactive"));
		rewriteMode(this.run.resolve("reactive"), "reactive");

		RunSummary summary = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary();

		assertThat(summary.ratio().kind()).isEqualTo(Ratio.BEST_OVER_WORST);
		assertThat(summary.ratioText()).startsWith(
				"reactive/blocking (best non-blocking / worst blocking; " + "no fixed+naive pair in this run) = 14.7x");
	}

	@Test
	void warnsWhenAModeComesCloseToTheCeiling() {
		ModeSummary fixed = ComparisonFixtures.mode("fixed", 2000);
		ModeSummary ceiling = ComparisonFixtures.mode(ModeSummary.CEILING, 2400);

		assertThat(RunReport.warnings(List.of(fixed), ceiling)).singleElement()
			.asString()
			.startsWith("fixed reached 83 % of the ceiling");
		assertThat(RunReport.warnings(List.of(fixed), null)).singleElement().asString().startsWith("no ceiling run");
	}

	@Test
	void aRunWithoutModeSummariesIsBadInput(@TempDir Path empty) {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunReport.load(empty, null, MACHINE, VERSIONS, CLOCK))
			.withMessageContaining("summarize-mode");
	}

	@Test
	void reportHtmlHasTheTableAndChartsAndNeedsNoNetwork() throws IOException {
		RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).write(this.run);

		String html = Files.readString(this.run.resolve("report.html"));
		assertThat(html).contains("<table class=\"summary\">", "fixed/naive = 14.7x", "4 loops / 53 ms injected = 75",
				"TPS over time", "p99 latency over time", "Measured TPS vs its bound",
				"naive: latency percentiles per second");
		assertThat(html.split("<svg", -1)).hasSize(1 + 3 + 3);
		assertThat(html).doesNotContain("<script", "<link", "src=\"http", "href=\"http", "@import", "url(");
	}

	@Test
	void theTitleNamesWhatWasMeasuredAndWhenNotTheFolder() throws IOException {
		RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).write(this.run);

		String html = Files.readString(this.run.resolve("report.html"));
		assertThat(html).contains("<h1>Gateway bench: naive, fixed, ceiling — 2026-11-21 12:00 UTC</h1>")
			.doesNotContain("Gateway bench: run ");
	}

	@Test
	void theTimeChartsLeaveTheCeilingOutSoTheGatewayLinesKeepTheirScale() throws IOException {
		RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).write(this.run);

		String html = Files.readString(this.run.resolve("report.html"));
		String timeCharts = html.substring(html.indexOf("TPS over time"), html.indexOf("Measured TPS vs"));
		assertThat(timeCharts).contains("naive", "fixed").doesNotContain("ceiling");
		assertThat(html).contains("ceiling: latency percentiles per second");
	}

	@Test
	void linksEachModesGatlingReportWhenTheKitCopiedIt() throws IOException {
		Files.createDirectories(this.run.resolve("naive/gatling"));
		Files.writeString(this.run.resolve("naive/gatling/index.html"), "<html></html>");

		RunReport report = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK);

		assertThat(report.gatlingReports()).containsExactly(Map.entry("naive", "naive/gatling/index.html"));
		assertThat(ReportPage.render(report.summary(), report.series(), report.gatlingReports()))
			.contains("<a href=\"naive/gatling/index.html\">");
	}

	@Test
	void repeatsAreOneModeShownByTheirMedianWithEverySampleKept() throws IOException {
		Path fixed = this.run.resolve("fixed");
		ModeSummary measured = BenchJson.read(fixed.resolve(ModeSummary.FILE), ModeSummary.class);
		double[] tps = { 900, 1100, 1000 };
		for (int k = 1; k <= tps.length; k++) {
			Path repeat = this.run.resolve("fixed_" + k);
			TestFiles.copy(fixed, repeat);
			BenchJson.write(repeat.resolve(ModeSummary.FILE), withTps(measured, tps[k - 1]));
		}
		TestFiles.delete(fixed);

		RunSummary summary = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary();

		assertThat(summary.modes()).extracting(ModeSummary::mode).containsExactly("naive", "fixed");
		assertThat(summary.modes().get(1).tps()).isEqualTo(1000);
		assertThat(summary.directory("fixed")).isEqualTo("fixed_3");
		assertThat(summary.directory("naive")).isEqualTo("naive");
		ModeSamples samples = summary.samples().get(1);
		assertThat(samples.runs()).extracting(Sample::repeat).containsExactly(1, 2, 3);
		assertThat(samples.runs()).extracting(Sample::dir).containsExactly("fixed_1", "fixed_2", "fixed_3");
		assertThat(samples.tps()).contains(new Stat(1000, 900, 1100, 3));
		assertThat(summary.samples().get(0).runs()).hasSize(1);
		assertThat(SummaryTable.terminal(summary)).contains("repeats")
			.contains("1000.0 [900.0–1100.0]")
			.contains("20 %")
			.contains("fixed_3");
		assertThat(ReportPage.render(summary, Map.of(), Map.of())).contains("<h2>Repeats</h2>");
	}

	@Test
	void aDirectoryThatIsNeitherItsModeNorARepeatOfItIsBadInput() throws IOException {
		Files.move(this.run.resolve("fixed"), this.run.resolve("fixed-copy"));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK))
			.withMessageContaining("says mode 'fixed' but its case is 'fixed-copy' (fixed-copy/)");
	}

	@Test
	void theCaseFileNotTheDirectorysNameSaysWhichModeAndRepeatADirectoryIs() throws IOException {
		Files.move(this.run.resolve("fixed"), this.run.resolve("second-look"));
		new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.MODE, "fixed", "fixed", 2, "kit", Map.of(),
				new CaseFacts.Links(25, 3))
			.write(this.run.resolve("second-look"));
		Files.move(this.run.resolve("naive"), this.run.resolve("naive@3ms"));
		new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.MODE, "naive", "naive", 1, "kit", Map.of(),
				new CaseFacts.Links(25, 3))
			.write(this.run.resolve("naive@3ms"));

		RunSummary summary = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary();

		assertThat(summary.modes()).extracting(ModeSummary::mode).containsExactly("naive", "fixed");
		assertThat(summary.samples()).filteredOn((samples) -> samples.mode().equals("fixed"))
			.singleElement()
			.satisfies((samples) -> assertThat(samples.runs()).extracting(Sample::repeat, Sample::dir)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(2, "second-look")));
	}

	@Test
	void scalePointsAreEachModesCurveAgainstItsOneGatewayCaseWithTheirOwnBound() throws IOException {
		Path two = this.run.resolve("naive@2gw");
		TestFiles.copy(this.run.resolve("naive"), two);
		new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.SCALE_POINT, "naive", "naive", 1, "kit",
				Map.of(CaseFacts.GATEWAYS_KNOB, "2"), new CaseFacts.Links(25, 3))
			.write(two);
		MeasuredRun measured = ModeSummaries.measured(two);
		ModeSummary summarized = ModeSummaries.summarize(two, "naive", new LinkLatencies(25, 3, 0), measured,
				measured.workload(), (warning) -> {
				});
		ModeSummary one = BenchJson.read(this.run.resolve("naive").resolve(ModeSummary.FILE), ModeSummary.class);
		BenchJson.write(two.resolve(ModeSummary.FILE), withTps(summarized, one.tps() * 1.9));

		RunSummary summary = RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK).summary();

		// The two gateways' loops bind: twice the one gateway's thread bound.
		assertThat(summarized.prediction().formula()).startsWith("2 gateways × 4 loops / ");
		assertThat(summarized.prediction().threadBound()).isCloseTo(2 * one.prediction().threadBound(), within(1e-6));
		assertThat(summary.modes()).extracting(ModeSummary::mode).containsExactly("naive", "fixed");
		assertThat(summary.scaling()).singleElement().satisfies((curve) -> {
			assertThat(curve.mode()).isEqualTo("naive");
			assertThat(curve.points()).extracting(ScalePoint::gateways, ScalePoint::dir)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(1, "naive"),
						org.assertj.core.groups.Tuple.tuple(2, "naive@2gw"));
			assertThat(curve.points().get(1).speedup()).isCloseTo(1.9, within(1e-9));
			assertThat(curve.points().get(1).boundBy()).isEqualTo(summarized.prediction().boundBy());
		});
		assertThat(SummaryTable.terminal(summary)).contains("scaling").contains("1.90×").contains("naive@2gw");
		assertThat(ReportPage.render(summary, Map.of(), Map.of())).contains("<h2>Scaling: TPS against gateways</h2>")
			.contains("TPS against one gateway's</text>")
			.contains(">190</text>");

		TestFiles.delete(this.run.resolve("naive"));
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunReport.load(this.run, null, MACHINE, VERSIONS, CLOCK))
			.withMessageContaining("scale points of naive (naive@2gw/) but no one-gateway case of it");
	}

	private static ModeSummary withTps(ModeSummary mode, double tps) {
		return new ModeSummary(mode.schema(), mode.mode(), mode.executionMode(), mode.label(), mode.target(),
				mode.workload(), mode.links(), mode.windowSeconds(), mode.ok(), mode.ko(), tps, mode.errorPct(),
				mode.latencyMs(), mode.tpsPerSecond(), mode.validity(), mode.prediction(), mode.gateway(), mode.login(),
				mode.outcomes(), mode.assertions(), null, null);
	}

	private static ModeSummary withErrors(ModeSummary mode, double okShare) {
		long total = mode.ok() + mode.ko();
		long ok = Math.round(total * okShare);
		dev.gatewaykit.bench.model.PhaseStats stats = new dev.gatewaykit.bench.model.PhaseStats(ok, total - ok,
				mode.latencyMs(), Map.of());
		return new ModeSummary(mode.schema(), mode.mode(), mode.executionMode(), mode.label(), mode.target(),
				mode.workload(), mode.links(), mode.windowSeconds(), ok, total - ok, ok / mode.windowSeconds(),
				stats.errorPct(), mode.latencyMs(), mode.tpsPerSecond(),
				dev.gatewaykit.bench.analysis.summary.RunValidity.of(stats), mode.prediction(), mode.gateway(),
				mode.login(), mode.outcomes(), mode.assertions(), null, null);
	}

	private static void rewriteMode(Path dir, String mode) throws IOException {
		ModeSummary summary = BenchJson.read(dir.resolve(ModeSummary.FILE), ModeSummary.class);
		BenchJson.write(dir.resolve(ModeSummary.FILE),
				new ModeSummary(summary.schema(), mode, summary.executionMode(), mode, summary.target(),
						summary.workload(), summary.links(), summary.windowSeconds(), summary.ok(), summary.ko(),
						summary.tps(), summary.errorPct(), summary.latencyMs(), summary.tpsPerSecond(),
						summary.validity(), summary.prediction(), summary.gateway(), summary.login(),
						summary.outcomes(), summary.assertions(), null, null));
	}

}
