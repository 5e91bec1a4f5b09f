package dev.gatewaykit.bench.analysis.ablation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.repeat.Stat;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.SummarizedCase;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.Numbers;

/**
 * The result of {@code ./kit ablate} ({@code RUN/ablation.json}): for each case, every
 * repeat's figures, their median and range, and the effect against the case's base. An
 * effect counts only when the two ranges do not overlap: a difference inside the
 * run-to-run spread is no effect.
 *
 * @param schema format version
 * @param run the run directory's name
 * @param rows one per case, bases first
 */
public record Ablation(int schema, String run, List<Row> rows) {

	public static final int SCHEMA = 1;

	public static final String FILE = "ablation.json";

	/** Between a case's base and its knob in its name: {@code fixed~mode}. */
	public static final String SEPARATOR = "~";

	/**
	 * A case as the ablation planned it.
	 *
	 * @param name {@code fixed~base}, {@code fixed~mode}, ...
	 * @param base the build it starts from
	 * @param knob the knob turned, {@code null} for the base
	 * @param change what was turned, to what
	 */
	public record Case(String name, String base, @Nullable String knob, String change) {

		boolean isBase() {
			return this.knob == null;
		}

	}

	/**
	 * One case.
	 *
	 * @param name {@code fixed~base}, {@code fixed~mode}, ...
	 * @param base the build it starts from
	 * @param knob the knob turned, {@code null} for the base
	 * @param change what was turned, to what
	 * @param runs every repeat, in the order they ran
	 * @param tps OK responses per second, over every repeat (an invalid repeat's too: the
	 * report marks it)
	 * @param p99Ms p99 latency
	 * @param gatewayCpuMicros the gateway's CPU µs per request, when measured
	 * @param invalid how many repeats had more than 1 % errors
	 * @param versusBase the effect against the base, {@code null} for the base
	 */
	public record Row(String name, String base, String knob, String change, List<Sample> runs, Stat tps, Stat p99Ms,
			Stat gatewayCpuMicros, int invalid, Effect versusBase) {
	}

	/**
	 * The change of each median in percent of the base's, and whether the ranges are
	 * apart (the change is more than the spread).
	 */
	public record Effect(double tpsPct, boolean tpsApart, double p99Pct, boolean p99Apart, Double cpuPct,
			boolean cpuApart) {

		static Effect between(Row base, Stat tps, Stat p99, Stat cpu) {
			boolean cpuBoth = cpu != null && base.gatewayCpuMicros() != null;
			return new Effect(percent(base.tps(), tps), !base.tps().overlaps(tps), percent(base.p99Ms(), p99),
					!base.p99Ms().overlaps(p99), cpuBoth ? percent(base.gatewayCpuMicros(), cpu) : null,
					cpuBoth && !base.gatewayCpuMicros().overlaps(cpu));
		}

		private static double percent(Stat base, Stat value) {
			return (base.median() == 0) ? 0 : (value.median() - base.median()) * 100 / base.median();
		}

	}

	/** Reads every {@code RUN/<base>~<knob>_<k>/mode-summary.json}. */
	public static Ablation load(Path run, List<Case> cases) throws IOException {
		Map<String, List<Sample>> byCase = new LinkedHashMap<>();
		for (SummarizedCase measured : SummarizedCase.in(run, CaseFacts.Kind.ABLATION)) {
			// Repeat 0 warmed the backends up and is not counted.
			if (measured.facts().repeat() > 0) {
				byCase.computeIfAbsent(measured.facts().name(), (name) -> new ArrayList<>())
					.add(Sample.of(measured.facts().repeat(), measured.dir().getFileName().toString(),
							measured.summary()));
			}
		}
		List<Row> rows = new ArrayList<>();
		Map<String, Row> bases = new LinkedHashMap<>();
		for (Case ablationCase : cases) {
			List<Sample> runs = byCase.getOrDefault(ablationCase.name(), List.of());
			if (runs.isEmpty()) {
				throw new BadInputException("no " + ablationCase.name() + "_<k>/" + ModeSummary.FILE + " under " + run
						+ ": the case did not finish");
			}
			runs = runs.stream().sorted((a, b) -> Integer.compare(a.repeat(), b.repeat())).toList();
			Stat tps = Stat.of(runs.stream().map(Sample::tps).toList());
			Stat p99 = Stat.of(runs.stream().map(Sample::p99Ms).toList());
			List<Double> cpuValues = runs.stream().flatMap((sample) -> sample.gatewayCpuMicros().stream()).toList();
			Stat cpu = cpuValues.isEmpty() ? null : Stat.of(cpuValues);
			int invalid = (int) runs.stream().filter((sample) -> !sample.valid()).count();
			Row base = bases.get(ablationCase.base());
			Effect effect = (!ablationCase.isBase() && base != null) ? Effect.between(base, tps, p99, cpu) : null;
			Row row = new Row(ablationCase.name(), ablationCase.base(), ablationCase.knob(), ablationCase.change(),
					runs, tps, p99, cpu, invalid, effect);
			if (ablationCase.isBase()) {
				bases.put(ablationCase.base(), row);
			}
			rows.add(row);
		}
		return new Ablation(SCHEMA, run.toAbsolutePath().normalize().getFileName().toString(), rows);
	}

	/** The terminal table: per case the medians with their range and the effect. */
	public String table() {
		List<List<String>> lines = new ArrayList<>();
		lines.add(List.of("case", "change", "TPS median [min–max]", "Δ TPS", "p99 ms", "Δ p99", "CPU µs/req", "Δ CPU"));
		for (Row row : this.rows) {
			Effect effect = row.versusBase();
			lines
				.add(List.of(row.name(), row.change() + ((row.invalid() > 0) ? " (" + row.invalid() + " invalid)" : ""),
						row.tps().describe(1), (effect != null) ? delta(effect.tpsPct(), effect.tpsApart()) : "base",
						row.p99Ms().describe(0), (effect != null) ? delta(effect.p99Pct(), effect.p99Apart()) : "base",
						(row.gatewayCpuMicros() != null) ? row.gatewayCpuMicros().describe(0) : "-", cpuDelta(effect)));
		}
		return TextTable.render(lines) + "\n" + LEGEND + "\n";
	}

	public static final String LEGEND = "Δ: change of the median against the base's; marked * when the two min–max ranges do "
			+ "not overlap (an effect beyond the run-to-run spread), otherwise inside the spread.";

	private static String cpuDelta(Effect effect) {
		if (effect == null) {
			return "base";
		}
		return (effect.cpuPct() != null) ? delta(effect.cpuPct(), effect.cpuApart()) : "-";
	}

	private static String delta(double pct, boolean apart) {
		return ((pct >= 0) ? "+" : "") + Numbers.fixed(pct, 1) + " %" + (apart ? " *" : "");
	}

}
