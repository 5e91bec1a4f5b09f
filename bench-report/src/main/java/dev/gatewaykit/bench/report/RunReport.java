package dev.gatewaykit.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.analysis.flip.FlipAnalysis;
import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.analysis.flip.FlipSummary;
import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.scaling.ScalingCurve;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.Headline;
import dev.gatewaykit.bench.analysis.summary.MachineFacts;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Ratio;
import dev.gatewaykit.bench.analysis.summary.SummarizedCase;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.AssertionResult;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * Gathers one run directory ({@code RUN/<mode>/mode-summary.json}, {@code RUN/ceiling/},
 * {@code RUN/params.json}) into {@link RunSummary}, and writes {@code summary.json} and
 * {@code report.html}.
 *
 * @param summary the run's summary
 * @param series each mode's per-second figures
 * @param gatlingReports each mode's Gatling report, relative to the run directory
 */
public record RunReport(RunSummary summary, Map<String, TimeSeries> series, Map<String, String> gatlingReports) {

	/**
	 * One repeat of a mode: {@code RUN/<mode>/} without repeats, {@code RUN/<mode>_<k>/}
	 * with them; its number from the case's {@code case.json}.
	 */
	record Repeat(Path dir, int number, ModeSummary summary) {

		/** The repeat with the median TPS (the lower middle one of an even count). */
		static Repeat median(List<Repeat> repeats) {
			List<Repeat> byTps = repeats.stream().sorted(Comparator.comparingDouble((r) -> r.summary().tps())).toList();
			return byTps.get((byTps.size() - 1) / 2);
		}

	}

	/**
	 * A mode reaching this share of the ceiling is probably limited by the bench, not by
	 * the gateway.
	 */
	static final double CEILING_WARNING_SHARE = 0.8;

	/**
	 * @param run the run directory
	 * @param params the kit's parameter file, {@code null} to use {@code run/params.json}
	 * if present
	 * @param machine the machine facts (gathered by the caller, so tests can pass fixed
	 * ones)
	 * @param versions the versions (likewise)
	 */
	public static RunReport load(Path run, Path params, MachineFacts machine, Map<String, String> versions, Clock clock)
			throws IOException {
		if (!Files.isDirectory(run)) {
			throw new BadInputException("run directory not found: " + run);
		}
		List<ModeSummary> modes = new ArrayList<>();
		ModeSummary ceiling = null;
		Map<String, TimeSeries> series = new LinkedHashMap<>();
		Map<String, String> reports = new LinkedHashMap<>();
		FlipSummary flip = null;
		Map<String, List<Repeat>> repeats = new LinkedHashMap<>();
		// Sweep points belong to sweep-report, ablation cases to the ablation report, not
		// to a side-by-side report.
		List<SummarizedCase> modeCases = SummarizedCase.in(run, CaseFacts.Kind.MODE);
		for (SummarizedCase measured : modeCases) {
			ModeSummary summary = measured.summary();
			if (!summary.mode().equals(measured.facts().mode())) {
				throw new BadInputException(measured.file() + " says mode '" + summary.mode() + "' but its case is '"
						+ measured.facts().mode() + "' (" + measured.dir().getFileName() + "/)");
			}
			repeats.computeIfAbsent(summary.mode(), (mode) -> new ArrayList<>())
				.add(new Repeat(measured.dir(), measured.facts().repeat(), summary));
		}
		List<ModeSamples> samples = new ArrayList<>();
		for (Map.Entry<String, List<Repeat>> entry : repeats.entrySet()) {
			String mode = entry.getKey();
			List<Repeat> runs = entry.getValue().stream().sorted(Comparator.comparingInt(Repeat::number)).toList();
			// The repeat whose TPS is the median stands for the mode in the tables and
			// charts; every repeat is in the samples.
			Repeat shown = Repeat.median(runs);
			Path dir = shown.dir();
			String name = dir.getFileName().toString();
			if (ModeSummary.CEILING.equals(mode)) {
				ceiling = shown.summary();
			}
			else {
				modes.add(shown.summary());
				samples.add(new ModeSamples(mode,
						runs.stream()
							.map((repeat) -> Sample.of(repeat.number(), repeat.dir().getFileName().toString(),
									repeat.summary()))
							.toList(),
						name));
			}
			Path timeseries = dir.resolve("timeseries.json");
			if (Files.isRegularFile(timeseries)) {
				series.put(mode, BenchJson.read(timeseries, TimeSeries.class));
			}
			if (Files.isRegularFile(dir.resolve("gatling").resolve("index.html"))) {
				reports.put(mode, name + "/gatling/index.html");
			}
			if (Files.isRegularFile(dir.resolve(FlipEvent.FILE))) {
				if (flip != null) {
					throw new BadInputException("two mode switches in one run (" + flip.mode() + "/ and " + name
							+ "/): the report shows one");
				}
				flip = flip(dir, shown.summary(), series.get(mode));
			}
		}
		samples.sort(Comparator.comparingInt((ModeSamples m) -> Summarizer.order(m.mode()))
			.thenComparing(ModeSamples::mode));
		if (modes.isEmpty()) {
			throw new BadInputException("no " + ModeSummary.FILE + " in any mode directory of " + run
					+ " (run summarize-mode for each mode first)");
		}
		modes.sort(Comparator.comparingInt((ModeSummary m) -> Summarizer.order(m.mode()))
			.thenComparing(ModeSummary::mode));
		Path paramsFile = (params != null) ? params : run.resolve("params.json");
		JsonNode paramsJson = null;
		if (Files.isRegularFile(paramsFile)) {
			paramsJson = BenchJson.readTree(paramsFile);
		}
		else if (params != null) {
			throw new BadInputException("params file not found: " + params);
		}
		Ratio ratio = Ratio.of(modes).orElse(null);
		String ratioText = (ratio != null) ? ratio.describe(modes) : (flip != null) ? flipRatioText(flip) : null;
		List<String> warnings = warnings(modes, ceiling);
		for (ModeSummary mode : modes) {
			String drift = drift(mode, series.get(mode.mode()));
			if (drift != null) {
				warnings.add(drift);
			}
		}
		if (flip != null) {
			warnings.addAll(flipWarnings(flip));
		}
		RunSummary summary = new RunSummary(RunSummary.SCHEMA,
				run.toAbsolutePath().normalize().getFileName().toString(), Instant.now(clock).toString(), paramsJson,
				machine, versions, modes, ceiling, ratio, ratioText, warnings, flip, Headline.of(modes), samples,
				ScalingCurve.of(modeCases, SummarizedCase.in(run, CaseFacts.Kind.SCALE_POINT)));
		return new RunReport(summary, series, reports);
	}

	/**
	 * The switch recorded in {@code dir/flip.json}, split into before and after on the
	 * mode's per-second figures.
	 */
	static FlipSummary flip(Path dir, ModeSummary mode, TimeSeries series) {
		if (series == null) {
			throw new BadInputException(dir.resolve(FlipEvent.FILE) + " needs the run's timeseries.json beside it");
		}
		FlipEvent event = BenchJson.read(dir.resolve(FlipEvent.FILE), FlipEvent.class);
		MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
		return FlipAnalysis.analyse(mode.mode(), event, measured.windowStartEpochMs(), series, mode.gateway(),
				mode.links(), mode.workload());
	}

	/**
	 * E.g. {@code flip: reactive after / blocking before = 14.6x (1102.3 / 75.1 TPS)}.
	 */
	static String flipRatioText(FlipSummary flip) {
		if (flip.tpsRatio() == null) {
			return null;
		}
		return "flip: " + flip.to() + " after / " + flip.from() + " before = " + Numbers.fixed(flip.tpsRatio(), 1)
				+ "x (" + Numbers.fixed(flip.after().tps(), 1) + " / " + Numbers.fixed(flip.before().tps(), 1)
				+ " TPS)";
	}

	static List<String> flipWarnings(FlipSummary flip) {
		List<String> warnings = new ArrayList<>();
		if (!flip.confirmed()) {
			warnings.add("the switch " + flip.from() + " → " + flip.to() + " (via " + flip.via()
					+ ") was NOT confirmed: " + flip.error() + "; no after-switch figures");
			return warnings;
		}
		if (flip.before() == null) {
			warnings.add("the switch came before the first whole second of the window: no before-switch figures");
		}
		if (flip.after() == null) {
			warnings.add("no whole second left after the switch once the requests sent before it had completed: "
					+ "lengthen --duration or flip earlier");
		}
		return warnings;
	}

	/**
	 * The first and last third of a window whose mean OK/s differ by more than this are
	 * not one steady state.
	 */
	static final double DRIFT_WARNING_PCT = 10;

	/**
	 * A warning when the throughput moved within the window: the mean OK/s of its last
	 * third against its first third. A warm-up rule only sees the past; a JIT that
	 * compiles a hot path late lifts a CPU-bound mode after the window has opened, and
	 * the window's TPS is then an average over two states.
	 */
	static String drift(ModeSummary mode, TimeSeries series) {
		if (series == null || ModeSummary.FLIP.equals(mode.mode()) || series.durationSeconds() < 9) {
			return null;
		}
		int third = series.durationSeconds() / 3;
		long[] ok = new long[series.durationSeconds()];
		for (TimeSeries.Second second : series.seconds()) {
			if (second.t() >= 0 && second.t() < ok.length) {
				ok[second.t()] = second.ok();
			}
		}
		double first = dev.gatewaykit.bench.model.Warmup.mean(ok, 0, third);
		double last = dev.gatewaykit.bench.model.Warmup.mean(ok, ok.length - third, ok.length);
		if (!(first > 0) || Math.abs(last - first) * 100 / first <= DRIFT_WARNING_PCT) {
			return null;
		}
		return mode.mode() + ": the throughput moved within the window, " + Numbers.trim(first, 0)
				+ " OK/s in its first " + third + " s, " + Numbers.trim(last, 0) + " in its last ("
				+ ((last > first) ? "+" : "") + Numbers.trim((last - first) * 100 / first, 0)
				+ " %): not one steady state; a longer --warmup helps";
	}

	/** Things to know before quoting a figure from this run. */
	static List<String> warnings(List<ModeSummary> modes, ModeSummary ceiling) {
		List<String> warnings = new ArrayList<>();
		if (ceiling == null) {
			warnings
				.add("no ceiling run: nothing shows whether the injector, nginx or mall-api limited the fastest mode");
		}
		else if (!ceiling.valid()) {
			warnings
				.add("the ceiling run is invalid (" + ceiling.validity().reason() + "): the bench itself is failing");
		}
		else {
			for (ModeSummary mode : modes) {
				if (mode.valid() && mode.tps() >= CEILING_WARNING_SHARE * ceiling.tps()) {
					warnings.add(mode.mode() + " reached " + Numbers.trim(mode.tps() * 100 / ceiling.tps(), 0)
							+ " % of the ceiling (" + Numbers.fixed(ceiling.tps(), 1) + " TPS without the gateway): "
							+ "the rest of the bench may be what limits it");
				}
			}
		}
		for (ModeSummary mode : modes) {
			if (mode.warmup() != null && mode.warmup().lastMeanTps() != null && !mode.warmup().steady()) {
				warnings.add(mode.mode() + ": the throughput was not steady when the longest warm-up ran out ("
						+ mode.warmup().describe() + "); its TPS may still have been climbing: raise --max-warmup");
			}
			ExecutionMode named = named(mode.mode());
			if (named != null && mode.executionMode() != null && named != mode.executionMode()) {
				warnings.add(mode.mode() + " ran a gateway that reports mode " + mode.executionMode().id()
						+ ": predicted as what it is, but check how the kit started it");
			}
			for (AssertionResult assertion : mode.assertions()) {
				if (!assertion.passed()) {
					warnings.add(mode.mode() + " failed its gate " + assertion.name() + " (actual "
							+ Numbers.trim(assertion.actual(), 2) + ")");
				}
			}
		}
		return warnings;
	}

	private static ExecutionMode named(String mode) {
		try {
			return BenchModes.executionMode(mode);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/** Writes {@code summary.json} and {@code report.html} into the run directory. */
	public void write(Path run) throws IOException {
		BenchJson.write(run.resolve("summary.json"), this.summary);
		Files.writeString(run.resolve("report.html"), ReportPage.render(this.summary, this.series, this.gatlingReports),
				StandardCharsets.UTF_8);
	}

}
