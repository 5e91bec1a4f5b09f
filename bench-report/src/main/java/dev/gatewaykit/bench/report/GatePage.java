package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.paired.CaseFigures;
import dev.gatewaykit.bench.analysis.paired.GateCall;
import dev.gatewaykit.bench.analysis.paired.GateMetric;
import dev.gatewaykit.bench.analysis.paired.GateOutcome;
import dev.gatewaykit.bench.analysis.paired.GatePair;
import dev.gatewaykit.bench.analysis.paired.JvmSpread;
import dev.gatewaykit.bench.analysis.paired.MetricOutcome;
import dev.gatewaykit.bench.analysis.paired.PairedGate;
import dev.gatewaykit.bench.analysis.paired.PairedVerdict;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * An A/B gate's files: {@code verdict.json}, {@code junit.xml}, {@code pairs.csv} and
 * {@code gate.html} (each metric's interval against its limit, with every pair's ratio),
 * and the terminal's table.
 */
public final class GatePage {

	public static final String PAGE = "gate.html";

	public static final String JUNIT = "junit.xml";

	public static final String PAIRS = "pairs.csv";

	private static final int WIDTH = 560;

	private static final int HEIGHT = 70;

	private GatePage() {
	}

	/** Writes the gate's files into {@code dir}. */
	public static void write(GateOutcome outcome, Path dir) {
		try {
			Files.createDirectories(dir);
			BenchJson.write(dir.resolve(GateOutcome.FILE), outcome);
			Files.writeString(dir.resolve(PAIRS), pairsCsv(outcome.verdict()), StandardCharsets.UTF_8);
			Files.writeString(dir.resolve(JUNIT), GateJUnit.xml(outcome), StandardCharsets.UTF_8);
			Files.writeString(dir.resolve(PAGE), html(outcome), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the gate's files into " + dir, ex);
		}
	}

	/** The terminal's answer: the verdict, a row per metric, the reasons. */
	public static String table(GateOutcome outcome) {
		PairedVerdict verdict = outcome.verdict();
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("metric", "baseline", "candidate", "change [interval]", "limit", "call", "detectable"));
		for (MetricOutcome metric : verdict.metrics()) {
			rows.add(List.of(metric.metric().label(), figure(metric.baselineMedian(), metric),
					figure(metric.candidateMedian(), metric), metric.describe(),
					metric.gated() ? "±" + Numbers.trim(metric.limitPct(), 1) + " %" : "shown",
					metric.gated() ? metric.call().name().replace('_', ' ') : "-",
					"±" + Numbers.fixed(metric.change().detectablePct(), 1) + " %"));
		}
		StringBuilder text = new StringBuilder();
		text.append("gate: ").append(verdict.status().label()).append(" after ").append(verdict.pairs().size());
		text.append(
				String.format(Locale.ROOT, " pairs at %.0f requests/s (%s)%n", outcome.rate(), outcome.rateSource()));
		text.append(TextTable.render(rows));
		text.append(String.format(Locale.ROOT, "errors: baseline %.2f %%, candidate %.2f %%%n",
				verdict.baselineErrorPct(), verdict.candidateErrorPct()));
		text.append(String.format(Locale.ROOT,
				"capacity the stack's CPU per request implies on %d cores: baseline %.0f/s, candidate %.0f/s "
						+ "(the load's own CPU not counted)%n",
				outcome.cores(), outcome.impliedCapacity(true), outcome.impliedCapacity(false)));
		if (outcome.blockHound()) {
			text.append(verdict.newBlocking().isEmpty() ? "blocking: no new call site in your code\n"
					: "blocking: new call sites in your code\n");
			for (BlockingCall call : verdict.newBlocking()) {
				text.append("  ")
					.append(call.site())
					.append(" → ")
					.append(call.blockingMethod())
					.append(" × ")
					.append(call.count())
					.append('\n');
			}
		}
		for (String reason : verdict.reasons()) {
			text.append("  ").append(reason).append('\n');
		}
		for (PairedGate.Resampled rate : verdict.resampled()) {
			text.append(String.format(Locale.ROOT,
					"replayed: %s %+.1f %% → REGRESSION in %d of %d gates, NO CHANGE in %d%n", rate.metric().id(),
					rate.effectPct(), rate.regressions(), rate.gates(), rate.noChange()));
		}
		JvmSpread spread = JvmSpread.of(verdict.pairs(), GateMetric.GATEWAY_CPU);
		text.append(String.format(Locale.ROOT,
				"gateway CPU spread: %.1f %% between windows of one JVM, %.1f %% between the JVMs of a side%n",
				spread.withinPct(), spread.betweenPct()));
		return text.toString();
	}

	static String pairsCsv(PairedVerdict verdict) {
		StringBuilder csv = new StringBuilder(
				"pair,side,jvm,from_ms,to_ms,requests,errors,gateway_cpu_us,stack_cpu_us,p50_ms,p99_ms,"
						+ "gateway_share_pct,jit_us,busy_pct\n");
		for (GatePair pair : verdict.pairs()) {
			for (CaseFigures side : List.of(pair.baseline(), pair.candidate())) {
				csv.append(String.format(Locale.ROOT, "%d,%s,%d,%d,%d,%d,%d,%.1f,%.1f,%.3f,%.3f,%.2f,%.1f,%.1f%n",
						pair.index(), side.side(), side.jvm(), side.fromMs(), side.toMs(), side.requests(),
						side.errors(), side.gatewayCpuMicros(), side.stackCpuMicros(), side.p50Ms(), side.p99Ms(),
						side.gatewayShare(), side.jitMicros(), side.busyPct()));
			}
		}
		return csv.toString();
	}

	static String html(GateOutcome outcome) {
		PairedVerdict verdict = outcome.verdict();
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Gate</title><style>")
			.append(ReportPage.CSS)
			.append("</style></head><body>\n<h1>Gate: ")
			.append(verdict.status().label())
			.append("</h1>\n<p>")
			.append(SvgChart.escape(String.format(Locale.ROOT,
					"Baseline %s; candidate %s; profile %s. %d pairs in ABBA order on %d JVM(s) a side, %.0f "
							+ "requests/s (%s), %d s settle and %d s window per case; setup %.0f s, pairs %.0f s.",
					outcome.baseline(), outcome.candidate(), outcome.profile(), verdict.pairs().size(), outcome.jvms(),
					outcome.rate(), outcome.rateSource(), outcome.settleSeconds(), outcome.windowSeconds(),
					outcome.setupSeconds(), outcome.measuredSeconds())))
			.append("</p>\n<p>Each metric: the grey band is ±limit, the bar the ")
			.append(Math.round(verdict.metrics().get(0).change().confidence() * 100))
			.append(" % interval of the change (Wilcoxon signed-rank, exact), the dot its Hodges–Lehmann estimate, ")
			.append("the small marks each pair's candidate/baseline ratio.</p>\n<pre>")
			.append(SvgChart.escape(table(outcome)))
			.append("</pre>\n");
		for (MetricOutcome metric : verdict.metrics()) {
			html.append("<h2>").append(SvgChart.escape(metric.metric().label())).append(": ");
			html.append(metric.gated() ? metric.call().name().replace('_', ' ') : "shown, not gated");
			html.append("</h2>\n").append(intervalSvg(metric)).append('\n');
		}
		return html.append("</body></html>\n").toString();
	}

	/** The interval, the limit's band and the pairs' ratios on one axis of percent. */
	static String intervalSvg(MetricOutcome metric) {
		double limit = metric.gated() ? metric.limitPct() : 0;
		double reach = Math.max(limit * 2, 5);
		for (double ratio : metric.ratios()) {
			reach = Math.max(reach, Math.abs((ratio - 1) * 100) * 1.1);
		}
		if (Double.isFinite(metric.change().lowPct())) {
			reach = Math.max(reach,
					Math.max(Math.abs(metric.change().lowPct()), Math.abs(metric.change().highPct())) * 1.1);
		}
		double scale = (WIDTH - 40) / (2 * reach);
		double centre = WIDTH / 2.0;
		StringBuilder svg = new StringBuilder();
		svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">", WIDTH, HEIGHT));
		if (metric.gated()) {
			svg.append(String.format(Locale.ROOT,
					"<rect x=\"%.1f\" y=\"5\" width=\"%.1f\" height=\"45\" fill=\"#eeeeee\"/>", centre - limit * scale,
					2 * limit * scale));
		}
		svg.append(String.format(Locale.ROOT,
				"<line x1=\"%.1f\" y1=\"5\" x2=\"%.1f\" y2=\"50\" stroke=\"#999\" stroke-dasharray=\"3,3\"/>", centre,
				centre));
		for (double ratio : metric.ratios()) {
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"20\" stroke=\"#555\" stroke-width=\"1\"/>",
					centre + (ratio - 1) * 100 * scale, centre + (ratio - 1) * 100 * scale));
		}
		String color = (metric.call() == GateCall.REGRESSION) ? "#d62728"
				: (metric.call() == GateCall.UNSURE) ? "#ff7f0e" : "#1f77b4";
		if (Double.isFinite(metric.change().lowPct())) {
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%.1f\" y1=\"35\" x2=\"%.1f\" y2=\"35\" stroke=\"%s\" stroke-width=\"6\"/>",
					centre + metric.change().lowPct() * scale, centre + metric.change().highPct() * scale, color));
		}
		svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"35\" r=\"5\" fill=\"#000\"/>",
				centre + metric.change().estimatePct() * scale));
		svg.append(String.format(Locale.ROOT,
				"<text x=\"5\" y=\"65\" font-size=\"11\">−%s %%</text><text x=\"%.1f\" y=\"65\" font-size=\"11\" "
						+ "text-anchor=\"middle\">0</text><text x=\"%d\" y=\"65\" font-size=\"11\" "
						+ "text-anchor=\"end\">+%s %%</text>",
				Numbers.trim(reach, 1), centre, WIDTH - 5, Numbers.trim(reach, 1)));
		return svg.append("</svg>").toString();
	}

	private static String figure(double value, MetricOutcome metric) {
		// A share of tens of per cent moves by tenths when the gateway's cost does.
		int digits = (value < 10) ? 2 : metric.metric().unit().equals("%") ? 1 : 0;
		return Numbers.trim(value, digits) + " " + metric.metric().unit();
	}

}
