package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import dev.gatewaykit.bench.analysis.sockets.StarvationAnalysis;
import dev.gatewaykit.bench.model.Numbers;

/**
 * The report's section on blocked event loops: per mode, how many gateway connections
 * held a request the gateway had not read, and how long those waits lasted. Throughput
 * and latency say that a mode is slow; this says where the requests were meanwhile:
 * queued in the kernel, in front of event loops busy with something else, on connections
 * the gateway has accepted or, since it accepts on those same event loops, has not.
 */
public final class StarvationSection {

	static final String CAPTION = "Sampled from the kernel's TCP table (/proc/net/tcp, what ss shows as Recv-Q) "
			+ "every %s ms on the gateway's side of the nginx → gateway connections, over the whole run from the "
			+ "first request (warm-up included: the longest waits come while nginx opens its connections). A connection with a non-zero "
			+ "rx_queue holds bytes the gateway has not read yet: a request that arrived and waits for an event loop. "
			+ "A non-blocking gateway reads a request as soon as it arrives, so its lines stay near zero; when filters "
			+ "block the event loops, requests pile up unread while the loops serve other connections. Connections "
			+ "nginx opened that the gateway has not accepted yet hold their request unread too: the event loop that "
			+ "accepts them is one of the blocked ones, and it accepts at most 16 connections per turn. The LISTEN "
			+ "socket's queue shows how many there are: the last chart gives the most waiting to be accepted at one "
			+ "sample in each second, and the table the most in the run. Left: the most "
			+ "connections holding an unread request at one sample in each second; the table gives how many were open. "
			+ "Right: how long each wait lasted, counted in spans of consecutive samples in which a connection held "
			+ "unread bytes. A span is exact only to one sampling interval, waits shorter than that may not show at "
			+ "all, and a span can merge two back-to-back requests on one connection.";

	private StarvationSection() {
	}

	/**
	 * The section: a heading, a caption, the three charts and a table.
	 * @param analyses each mode's analysis by mode name, in the order to show them
	 */
	public static String render(Map<String, StarvationAnalysis> analyses) {
		StringBuilder html = new StringBuilder("<h2>Requests waiting unread at the gateway</h2>\n");
		html.append("<p class=\"meta\">")
			.append(SvgChart.escape(String.format(CAPTION, intervals(analyses))))
			.append("</p>\n<div class=\"charts\">\n")
			.append(unreadChart(analyses))
			.append('\n')
			.append(waitChart(analyses))
			.append('\n')
			.append(acceptQueueChart(analyses))
			.append("\n</div>\n")
			.append(table(analyses));
		return html.toString();
	}

	static String unreadChart(Map<String, StarvationAnalysis> analyses) {
		List<SvgChart.Series> lines = new ArrayList<>();
		analyses.forEach((mode, analysis) -> {
			List<SvgChart.Point> unread = new ArrayList<>();
			for (StarvationAnalysis.Second second : analysis.seconds()) {
				if (second.samples() > 0) {
					unread.add(new SvgChart.Point(second.t(), second.maxUnread()));
				}
			}
			lines.add(SvgChart.Series.solid(mode, ModeColors.of(mode), unread));
		});
		return SvgChart.line("Connections holding an unread request", "seconds since the load started", "connections",
				lines, null);
	}

	/**
	 * Its own chart rather than a second line per mode on the unread chart: with the
	 * bench's six modes, twelve legend entries ("bounded-elastic accept queue" …) would
	 * not fit above the plot. Same x axis and colours as the unread chart, so the two
	 * read side by side; dashed, so that neither is taken for the other at a glance.
	 */
	static String acceptQueueChart(Map<String, StarvationAnalysis> analyses) {
		List<SvgChart.Series> lines = new ArrayList<>();
		analyses.forEach((mode, analysis) -> {
			List<SvgChart.Point> queued = new ArrayList<>();
			for (StarvationAnalysis.Second second : analysis.seconds()) {
				// null with samples: a starvation.json from before the accept queue was
				// recorded.
				if (second.samples() > 0 && second.maxAcceptQueue() != null) {
					queued.add(new SvgChart.Point(second.t(), second.maxAcceptQueue()));
				}
			}
			lines.add(new SvgChart.Series(mode, ModeColors.of(mode), queued, true, false));
		});
		return SvgChart.line("Connections not accepted yet (accept queue)", "seconds since the load started",
				"connections", lines, null);
	}

	static String waitChart(Map<String, StarvationAnalysis> analyses) {
		List<String> buckets = new ArrayList<>();
		List<SvgChart.BarSeries> bars = new ArrayList<>();
		analyses.forEach((mode, analysis) -> {
			List<Double> counts = new ArrayList<>();
			for (StarvationAnalysis.Bucket bucket : analysis.waits().histogram()) {
				if (buckets.size() < analysis.waits().histogram().size()) {
					buckets.add(bucket.label());
				}
				// No bar rather than a "0" label for an empty bucket: with several modes
				// the zeros crowd out the rest.
				counts.add((bucket.count() > 0) ? (double) bucket.count() : null);
			}
			bars.add(new SvgChart.BarSeries(mode, ModeColors.of(mode), counts));
		});
		return SvgChart.bars("How long requests waited unread (spans per duration)", "spans", buckets, bars);
	}

	static String table(Map<String, StarvationAnalysis> analyses) {
		StringBuilder html = new StringBuilder("<table class=\"starvation\">\n<tr><th>mode</th>").append(
				"<th>most waiting at once</th><th>most in accept queue</th><th>most open</th><th>waits</th><th>p50 s</th><th>p90 s</th>")
			.append("<th>p99 s</th><th>longest s</th><th>≥ 20 s</th><th>samples</th></tr>\n");
		analyses.forEach((mode, analysis) -> {
			StarvationAnalysis.Waits waits = analysis.waits();
			html.append("<tr><td><span class=\"swatch\" style=\"background:")
				.append(ModeColors.of(mode))
				.append("\"></span>")
				.append(SvgChart.escape(mode))
				.append("</td>");
			for (Object cell : List.of(max(analysis, StarvationAnalysis.Second::maxUnread),
					(analysis.maxAcceptQueue() != null) ? analysis.maxAcceptQueue() : "-",
					max(analysis, StarvationAnalysis.Second::maxOpen), waits.count(), seconds(waits.p50Ms()),
					seconds(waits.p90Ms()), seconds(waits.p99Ms()), seconds(waits.maxMs()), waits.atLeast20s(),
					analysis.samples())) {
				html.append("<td>").append(cell).append("</td>");
			}
			html.append("</tr>\n");
		});
		return html.append("</table>\n").toString();
	}

	private static int max(StarvationAnalysis analysis, Function<StarvationAnalysis.Second, Integer> figure) {
		return analysis.seconds()
			.stream()
			.map(figure)
			.filter(Objects::nonNull)
			.mapToInt(Integer::intValue)
			.max()
			.orElse(0);
	}

	private static String seconds(Long ms) {
		return (ms != null) ? Numbers.fixed(ms / 1000.0, 2) : "-";
	}

	/** The modes' sampling intervals, usually one. */
	private static String intervals(Map<String, StarvationAnalysis> analyses) {
		List<String> intervals = analyses.values()
			.stream()
			.map((analysis) -> String.valueOf(analysis.intervalMs()))
			.distinct()
			.toList();
		return intervals.isEmpty() ? "?" : String.join("/", intervals);
	}

}
