package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

class StarvationSectionTests {

	@Test
	void drawsOneLinePerModeAndGroupedBarsOverTheDurationBuckets() {
		Map<String, StarvationAnalysis> analyses = new LinkedHashMap<>();
		analyses.put("naive", analysis(new int[] { 30, 35, 38 }, 0, 0, 0, 0, 1, 2, 5, 3, 1));
		analyses.put("reactive", analysis(new int[] { 0, 1, 0 }, 40, 0, 0, 0, 0, 0, 0, 0, 0));

		String html = StarvationSection.render(analyses);

		assertThat(html).startsWith("<h2>");
		assertThat(count(html, "<svg")).isEqualTo(3);
		assertThat(count(html, "<polyline")).isEqualTo(4);
		assertThat(html).contains("stroke=\"" + ModeColors.of("naive") + "\"",
				"stroke=\"" + ModeColors.of("reactive") + "\"", ">naive</text>", ">reactive</text>");
		assertThat(html).contains(">&lt; 0.5 s</text>", ">≥ 60 s</text>", ">20–40 s</text>");
		// Bars only for non-empty buckets: 5 for naive, 1 for reactive.
		assertThat(count(html, "fill=\"" + ModeColors.of("naive") + "\"/>")).isEqualTo(5);
		assertThat(count(html, "fill=\"" + ModeColors.of("reactive") + "\"/>")).isEqualTo(1);
	}

	@Test
	void theAcceptQueueHasItsOwnChartWithADashedLinePerModeInItsColour() {
		Map<String, StarvationAnalysis> analyses = new LinkedHashMap<>();
		analyses.put("naive", analysis(new int[] { 30, 35, 38 }, 0, 0, 0, 0, 1, 2, 5, 3, 1));
		analyses.put("reactive", analysis(new int[] { 0, 1, 0 }, 40, 0, 0, 0, 0, 0, 0, 0, 0));

		String chart = StarvationSection.acceptQueueChart(analyses);

		assertThat(chart).contains(">Connections not accepted yet (accept queue)</text>", ">naive</text>",
				">reactive</text>");
		assertThat(count(chart, "<polyline")).isEqualTo(2);
		for (String mode : analyses.keySet()) {
			assertThat(chart).contains("<polyline fill=\"none\" stroke=\"" + ModeColors.of(mode)
					+ "\" stroke-width=\"2\" stroke-dasharray=\"6 4\"");
		}
		assertThat(StarvationSection.render(analyses)).contains(chart);
	}

	@Test
	void theCaptionSaysWhatRxQueueIsAndWhatASpanCanHide() {
		String html = StarvationSection.render(Map.of("naive", analysis(new int[] { 3 }, 1, 0, 0, 0, 0, 0, 0, 0, 0)));

		assertThat(html).contains("rx_queue", "Recv-Q", "every 250 ms", "back-to-back requests",
				"shorter than that may not show");
	}

	@Test
	void theCaptionSaysWhyConnectionsWaitToBeAcceptedAndWhereThatShows() {
		String html = StarvationSection.render(Map.of("naive", analysis(new int[] { 3 }, 1, 0, 0, 0, 0, 0, 0, 0, 0)));

		assertThat(html).contains("not accepted yet hold their request unread",
				"one of the blocked ones, and it accepts at most 16 connections per turn", "The LISTEN socket's queue");
	}

	@Test
	void theTableGivesEachModesWorstMomentAndWaits() {
		String html = StarvationSection
			.render(Map.of("naive", analysis(new int[] { 30, 38, 35 }, 0, 0, 0, 0, 0, 0, 2, 0, 0)));

		assertThat(html).contains("<table class=\"starvation\">", "<td>38</td>", "<td>40</td>", "<td>25.00</td>");
		assertThat(html).contains("<th>most waiting at once</th><th>most in accept queue</th><th>most open</th>",
				"<td>38</td><td>19</td><td>40</td>");
	}

	@Test
	void anAnalysisFromBeforeTheAcceptQueueWasRecordedShowsNoneOfIt() {
		StarvationAnalysis recorded = analysis(new int[] { 30, 38 }, 0, 0, 0, 0, 0, 0, 2, 0, 0);
		List<StarvationAnalysis.Second> seconds = recorded.seconds()
			.stream()
			.map((s) -> new StarvationAnalysis.Second(s.t(), s.samples(), s.maxUnread(), s.meanUnread(), s.maxOpen(),
					null))
			.toList();
		StarvationAnalysis older = new StarvationAnalysis(recorded.schema(), recorded.fromEpochMs(),
				recorded.toEpochMs(), recorded.intervalMs(), recorded.samples(), null, seconds, recorded.waits());

		String html = StarvationSection.render(Map.of("naive", older));

		assertThat(html).contains("<td>38</td><td>-</td><td>40</td>");
		assertThat(StarvationSection.acceptQueueChart(Map.of("naive", older))).contains(">no data</text>");
	}

	@Test
	void withoutSamplesTheChartsSayNoData() {
		assertThat(count(StarvationSection.render(Map.of()), ">no data</text>")).isEqualTo(3);
	}

	/**
	 * Seconds with the given most-waiting counts (40 open, half of the waiting ones in
	 * the accept queue), and spans of 25 s for every count in buckets 6-7.
	 */
	private static StarvationAnalysis analysis(int[] maxUnread, int... bucketCounts) {
		List<StarvationAnalysis.Second> seconds = new ArrayList<>();
		int maxAcceptQueue = 0;
		for (int t = 0; t < maxUnread.length; t++) {
			seconds.add(new StarvationAnalysis.Second(t, 4, maxUnread[t], maxUnread[t] / 2.0, 40, maxUnread[t] / 2));
			maxAcceptQueue = Math.max(maxAcceptQueue, maxUnread[t] / 2);
		}
		List<StarvationAnalysis.Bucket> histogram = new ArrayList<>();
		String[] labels = { "< 0.5 s", "0.5–1 s", "1–2 s", "2–5 s", "5–10 s", "10–20 s", "20–40 s", "40–60 s",
				"≥ 60 s" };
		int total = 0;
		for (int b = 0; b < labels.length; b++) {
			histogram.add(new StarvationAnalysis.Bucket(labels[b], 0, null, bucketCounts[b]));
			total += bucketCounts[b];
		}
		StarvationAnalysis.Waits waits = new StarvationAnalysis.Waits(total, (total > 0) ? 25_000L : null,
				(total > 0) ? 25_000L : null, (total > 0) ? 25_000L : null, (total > 0) ? 25_000L : null,
				bucketCounts[6], histogram, List.of());
		return new StarvationAnalysis(StarvationAnalysis.SCHEMA, 0, maxUnread.length * 1000L, 250, maxUnread.length * 4,
				maxAcceptQueue, seconds, waits);
	}

	private static int count(String text, String part) {
		return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
	}

}
