package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.analysis.flip.FlipSummary;
import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.RunFixtures;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A {@code --flip-at} run: one gateway switched from blocking to reactive 30 s into a 60
 * s window.
 */
class FlipReportTests {

	@TempDir
	Path run;

	private long windowStart;

	@BeforeEach
	void aFlipRun() throws IOException {
		TestFiles.copy(TestFiles.FIXTURE_RUN.resolve("naive"), this.run.resolve("flip"));
		Path dir = this.run.resolve("flip");
		MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
		this.windowStart = measured.windowStartEpochMs();
		TimeSeries series = series();
		BenchJson.write(dir.resolve("timeseries.json"), series);
		GatewayFacts gateway = BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class);
		BenchJson.write(dir.resolve(ModeSummary.FILE), Summarizer.summarize(ModeSummary.FLIP, measured, series, gateway,
				new LinkLatencies(1, 50, 0), measured.workload()));
	}

	@Test
	void summarySplitsTheWindowAtTheSwitch() throws IOException {
		writeFlip(confirmed(30.004, 30.061));

		RunSummary summary = load();

		FlipSummary flip = summary.flip();
		assertThat(flip.confirmed()).isTrue();
		assertThat(flip.label()).isEqualTo("blocking → reactive (via actuator)");
		assertThat(flip.before().toSecond()).isEqualTo(30);
		assertThat(flip.before().tps()).isCloseTo(75, within(1e-9));
		assertThat(flip.after().fromSecond()).isEqualTo(32);
		assertThat(flip.after().tps()).isCloseTo(1100, within(1e-9));
		assertThat(flip.after().latencyMs().p99()).isCloseTo(90, within(1.0));
		assertThat(summary.ratioText()).isEqualTo("flip: reactive after / blocking before = 14.7x (1100.0 / 75.0 TPS)");
		assertThat(summary.modes()).extracting(ModeSummary::mode).containsExactly("flip");
		assertThat(summary.modes().get(0).prediction().formula()).contains("see before/after");
	}

	@Test
	void summaryJsonCarriesTheFlipSection() throws IOException {
		writeFlip(confirmed(30.004, 30.061));
		RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK).write(this.run);

		var json = BenchJson.readTree(this.run.resolve("summary.json")).path("flip");
		assertThat(json.path("from").asString()).isEqualTo("blocking");
		assertThat(json.path("to").asString()).isEqualTo("reactive");
		assertThat(json.path("via").asString()).isEqualTo("actuator");
		assertThat(json.path("confirmed").asBoolean()).isTrue();
		assertThat(json.path("after").path("mode").asString()).isEqualTo("reactive");
		assertThat(json.path("before").path("latencyMs").path("p99").asDouble()).isCloseTo(2600, within(26.0));
		assertThat(json.path("requestedAtEpochMs").asLong()).isEqualTo(this.windowStart + 30_004);
		assertThat(json.path("confirmedAtEpochMs").asLong()).isEqualTo(this.windowStart + 30_061);
	}

	@Test
	void theTableShowsTpsAndP99BeforeAndAfterUnderTheFlipRow() throws IOException {
		writeFlip(confirmed(30.004, 30.061));

		String table = SummaryTable.terminal(load());

		assertThat(table).containsPattern("before: blocking, 0–30 s\\s+200 users\\s+75\\.0\\s+");
		assertThat(table).containsPattern("after: reactive, 32–60 s\\s+200 users\\s+1100\\.0\\s+");
		assertThat(table).contains("4 loops / 52 ms injected = 77", "200 users / 52 ms = 3846");
		assertThat(table).contains("mode switch blocking → reactive (via actuator): planned at 30 s, requested at "
				+ "30.004 s, confirmed at 30.061 s into the window; seconds 30–32 left out (the switch, then 1 s still completing requests sent before it)");
	}

	@Test
	void theTpsChartHasAMarkerLabelledWithTheSwitch() throws IOException {
		writeFlip(confirmed(30.004, 30.061));

		String html = html();
		String tps = chart(html, "TPS over time");

		assertThat(tps).contains("class=\"marker\"", "class=\"band\"");
		assertThat(tps).contains(">blocking → reactive (via actuator)</text>");
		assertThat(chart(html, "p99 latency over time")).contains("class=\"marker\"");
		assertThat(chart(html, "Measured TPS vs its bound")).contains(">before: blocking</text>",
				">after: reactive</text>", ">75</text>", ">1100</text>", ">77</text>", ">3846</text>");
		assertThat(html).contains("<td><span class=\"swatch\" style=\"background:#8c564b\"></span>  after: reactive");
	}

	@Test
	void theMarkerSitsAtTheConfirmation() throws IOException {
		writeFlip(confirmed(30.004, 30.061));

		List<SvgChart.Marker> markers = ReportPage.markers(load().flip());

		assertThat(markers).singleElement().satisfies((marker) -> {
			assertThat(marker.x()).isCloseTo(30.061, within(1e-9));
			assertThat(marker.dashed()).isFalse();
			assertThat(marker.bandFrom()).isEqualTo(30.0);
			assertThat(marker.bandTo()).isEqualTo(32.0);
		});
	}

	@Test
	void anUnconfirmedSwitchIsAWarningAndADashedMarkerAtTheRequest() throws IOException {
		writeFlip(new FlipEvent(1, "blocking", "reactive", "nacos", 30, this.windowStart, this.windowStart + 30_002,
				null, List.of(),
				"not confirmed within 10 s of the request: http://127.0.0.1:1/actuator still " + "reports blocking"));

		RunSummary summary = load();
		String tps = chart(html(), "TPS over time");

		assertThat(summary.flip().after()).isNull();
		assertThat(summary.warnings()).anySatisfy((warning) -> assertThat(warning)
			.startsWith("the switch blocking → reactive (via nacos) was NOT confirmed: not confirmed within 10 s"));
		assertThat(tps).contains("stroke-dasharray=\"4 3\"", ">blocking → reactive (via nacos): NOT confirmed</text>");
	}

	@Test
	void aRunWithoutAFlipHasNoMarker() throws IOException {
		Files.delete(this.run.resolve("flip").resolve(ModeSummary.FILE));
		TestFiles.copy(TestFiles.FIXTURE_RUN.resolve("fixed"), this.run.resolve("fixed"));
		MeasuredRun measured = BenchJson.read(this.run.resolve("fixed/measured.json"), MeasuredRun.class);
		BenchJson.write(this.run.resolve("fixed").resolve(ModeSummary.FILE),
				Summarizer.summarize("fixed", measured,
						BenchJson.read(this.run.resolve("fixed/timeseries.json"), TimeSeries.class),
						BenchJson.read(this.run.resolve("fixed/gateway.json"), GatewayFacts.class),
						new LinkLatencies(1, 50, 0), measured.workload()));

		RunSummary summary = load();
		String html = html();

		assertThat(summary.flip()).isNull();
		assertThat(html).doesNotContain("class=\"marker\"", "class=\"band\"", "mode switch");
	}

	private RunSummary load() throws IOException {
		return RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK).summary();
	}

	private String html() throws IOException {
		RunReport report = RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK);
		return ReportPage.render(report.summary(), report.series(), report.gatlingReports());
	}

	/** The inline SVG whose title is {@code title}. */
	private static String chart(String html, String title) {
		int title_ = html.indexOf("<title>" + title);
		assertThat(title_).as("a chart titled " + title).isPositive();
		int start = html.lastIndexOf("<svg", title_);
		return html.substring(start, html.indexOf("</svg>", title_));
	}

	private FlipEvent confirmed(double requestedSeconds, double confirmedSeconds) {
		long requested = this.windowStart + Math.round(requestedSeconds * 1000);
		long confirmed = this.windowStart + Math.round(confirmedSeconds * 1000);
		return new FlipEvent(1, "blocking", "reactive", "actuator", 30, this.windowStart, requested, confirmed,
				List.of(new FlipEvent.Instance("http://127.0.0.1:8081/actuator", "blocking", "reactive", confirmed)),
				null);
	}

	private void writeFlip(FlipEvent event) {
		BenchJson.write(this.run.resolve("flip").resolve(FlipEvent.FILE), event);
	}

	/**
	 * 20 s warm-up and 30 s at 75 OK/s (2600 ms), then 30 s at 1100 OK/s (90 ms); the
	 * requests queued before the switch complete in seconds 30 and 31.
	 */
	private static TimeSeries series() {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		for (int t = -20; t < 60; t++) {
			boolean blocking = t < 30;
			long earliestSent = (t < 32) ? t * 1000L - 2600 : t * 1000L - 90;
			seconds.add(second(t, blocking ? 75 : 1100, blocking ? 2600 : 90, earliestSent));
		}
		return new TimeSeries(1, "flip", 20, 60, seconds);
	}

	private static TimeSeries.Second second(int t, long ok, long latencyMs, long earliestSentMs) {
		Histogram histogram = LatencyHistograms.empty();
		histogram.recordValueWithCount(latencyMs, ok);
		return new TimeSeries.Second(t, ok, 0, LatencyHistograms.latency(histogram),
				LatencyHistograms.encode(histogram), earliestSentMs);
	}

}
