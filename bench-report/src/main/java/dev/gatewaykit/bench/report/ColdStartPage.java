package dev.gatewaykit.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.knee.ColdStart;
import dev.gatewaykit.bench.analysis.knee.ColdStartReport;

/**
 * A knee run's cold starts: {@code cold-start.json}, {@code cold-start.html} (each
 * second's 2xx and errors a second, per mode) and the terminal table.
 */
public final class ColdStartPage {

	public static final String PAGE = "cold-start.html";

	private ColdStartPage() {
	}

	/** Writes the cold starts' files into {@code dir}. */
	public static void write(ColdStartReport report, Path dir) {
		KneePage.writeFiles(dir, ColdStart.FILE, report, PAGE, html(report));
	}

	/** The terminal's answer: a row per mode, then each mode's seconds, ten to a row. */
	public static String table(ColdStartReport report) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("mode", "knee", "offered", "healthy after", "measured", "requests", "errors", "late 2xx",
				"clean from", String.format(Locale.ROOT, "< %.0f %% errors", ColdStart.MAX_ERROR_PCT)));
		for (ColdStart cold : report.results()) {
			rows.add(List.of(cold.mode(), KneePage.rate(cold.kneeRate()) + "/s", KneePage.rate(cold.offered()) + "/s",
					String.format(Locale.ROOT, "%.1f s", cold.readySeconds()),
					cold.seconds().size() + " s" + (cold.cut() ? " (cut)" : ""), Long.toString(cold.requests()),
					String.format(Locale.ROOT, "%d (%.2f %%)", cold.errors(), cold.errorPct()),
					Long.toString(cold.late()), (cold.cleanFrom() == 0) ? "never" : "second " + cold.cleanFrom(),
					cold.met() ? "yes" : "no"));
		}
		StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
				"cold start: a fresh gateway of each mode offered its rate (%.0f %% of its knee unless asked "
						+ "otherwise) for a minute from the instant its health answered, on %d cores, %s. Late: 2xx "
						+ "after the search's deadline. Clean from: the first second after which no second had "
						+ "%.0f %% errors or more%n",
				100 * ColdStart.MULTIPLE, report.cores(), report.cpus(), ColdStart.MAX_ERROR_PCT));
		text.append(TextTable.render(rows));
		for (ColdStart cold : report.results()) {
			String edge = cold.edge().isEmpty() ? "" : ", behind nginx's edge limit of " + cold.edge();
			text.append(String.format(Locale.ROOT, "%n%s%s, errors %% by second:%n", cold.mode(), edge));
			StringBuilder line = new StringBuilder();
			for (ColdStart.Second second : cold.seconds()) {
				line.append(String.format(Locale.ROOT, "%5.1f", second.errorPct()));
				if (second.second() % 10 == 0) {
					text.append(
							String.format(Locale.ROOT, "  %3d-%3d s:%s%n", second.second() - 9, second.second(), line));
					line.setLength(0);
				}
			}
			if (!line.isEmpty()) {
				text.append("  rest:     ").append(line).append('\n');
			}
		}
		return text.toString();
	}

	static String html(ColdStartReport report) {
		List<SvgChart.Series> answered = new ArrayList<>();
		for (ColdStart cold : report.results()) {
			String color = ModeColors.of(cold.mode());
			answered.add(SvgChart.Series.solid(cold.mode() + " 2xx/s", color,
					cold.seconds()
						.stream()
						.map((s) -> new SvgChart.Point(s.second(), s.requests() - s.errors()))
						.toList()));
			answered.add(new SvgChart.Series(cold.mode() + " errors/s", color,
					cold.seconds().stream().map((s) -> new SvgChart.Point(s.second(), s.errors())).toList(), true,
					false));
		}
		return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Cold start</title><style>"
				+ ReportPage.CSS + "</style></head><body>\n<h1>A fresh gateway at most of its knee</h1>\n<pre>"
				+ SvgChart.escape(table(report)) + "</pre>\n"
				+ SvgChart.line("Answers a second, from the instant the gateway was healthy", "second",
						"requests a second", answered, null, List.of())
				+ "\n</body></html>\n";
	}

}
