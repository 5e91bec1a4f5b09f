package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.gatewaykit.bench.analysis.ablation.Ablation;
import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.model.BenchJson;

/** An ablation's page, {@code ablation.html}, beside its {@code ablation.json}. */
public final class AblationPage {

	public static final String PAGE = "ablation.html";

	private AblationPage() {
	}

	/**
	 * {@code ablation.html}: the table and a chart per figure, with the ranges as
	 * whiskers.
	 */
	public static String html(Ablation ablation) {
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ablation ")
			.append(SvgChart.escape(ablation.run()))
			.append("</title><style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>Ablation: which fix mattered</h1>\n")
			.append("<p>Each case starts from a build (<code>fixed</code> or <code>naive</code>) and turns one knob to ")
			.append("the other side. Bars are the median of ")
			.append(ablation.rows().isEmpty() ? 0 : ablation.rows().get(0).runs().size())
			.append(" interleaved repeats, whiskers their min–max. ")
			.append(SvgChart.escape(Ablation.LEGEND))
			.append("</p>\n<pre>")
			.append(SvgChart.escape(ablation.table()))
			.append("</pre>\n<div class=\"charts\">\n");
		for (String base : ablation.rows().stream().map(Ablation.Row::base).distinct().toList()) {
			List<Ablation.Row> rows = ablation.rows().stream().filter((row) -> row.base().equals(base)).toList();
			html.append(chart("from " + base + ": TPS (median, min–max)", "TPS", rows, Ablation.Row::tps));
			html.append(chart("from " + base + ": p99 (median, min–max)", "ms", rows, Ablation.Row::p99Ms));
			html.append(chart("from " + base + ": gateway CPU per request (median, min–max)", "µs", rows,
					Ablation.Row::gatewayCpuMicros));
		}
		return html.append("</div>\n</body></html>\n").toString();
	}

	private static String chart(String title, String unit, List<Ablation.Row> rows,
			Function<Ablation.Row, Stat> figure) {
		List<String> categories = rows.stream().map((row) -> (row.knob() != null) ? row.knob() : "base").toList();
		List<Double> medians = new ArrayList<>();
		List<SvgChart.Range> ranges = new ArrayList<>();
		for (Ablation.Row row : rows) {
			Optional<Stat> stat = Optional.ofNullable(figure.apply(row));
			medians.add(stat.map(Stat::median).orElse(null));
			ranges.add(stat.map((value) -> new SvgChart.Range(value.min(), value.max())).orElse(null));
		}
		return SvgChart.bars(title, unit, categories,
				List.of(new SvgChart.BarSeries(rows.get(0).base(), "#1f77b4", medians, ranges)));
	}

	/**
	 * Writes {@code ablation.json} and {@code ablation.html} into the run's directory.
	 */
	public static void write(Ablation ablation, Path run) throws IOException {
		BenchJson.write(run.resolve(Ablation.FILE), ablation);
		Files.writeString(run.resolve(PAGE), html(ablation), StandardCharsets.UTF_8);
	}

}
