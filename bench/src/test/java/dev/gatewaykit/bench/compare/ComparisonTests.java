package dev.gatewaykit.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.cli.ExitCodes;
import dev.gatewaykit.bench.compare.Comparison.Verdict;
import dev.gatewaykit.bench.summary.BenchModes;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.bench.measure.Latency;
import dev.gatewaykit.bench.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.summary.ModeSummary;
import dev.gatewaykit.bench.littleslaw.Prediction;
import dev.gatewaykit.bench.summary.Validity;
import dev.gatewaykit.bench.measure.Workload;

class ComparisonTests {

	private static final Thresholds LIMITS = new Thresholds(10, 20);

	@Test
	void aDropWithinTheThresholdPasses() {
		Comparison comparison = compare(mode("fixed", 1000, 200), mode("fixed", 901, 200));

		assertThat(comparison.rows()).singleElement().satisfies((row) -> {
			assertThat(row.verdict()).isEqualTo(Verdict.OK);
			assertThat(row.tpsDeltaPct()).isCloseTo(-9.9, within(1e-9));
		});
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.OK);
	}

	@Test
	void aDropExactlyAtTheThresholdPasses() {
		assertThat(compare(mode("fixed", 1000, 200), mode("fixed", 900, 200)).exitCode()).isEqualTo(ExitCodes.OK);
	}

	@Test
	void aDropBeyondTheThresholdIsARegression() {
		Comparison comparison = compare(mode("fixed", 1000, 200), mode("fixed", 899, 200));

		assertThat(comparison.rows().get(0).verdict()).isEqualTo(Verdict.REGRESSION);
		assertThat(comparison.rows().get(0).reason()).isEqualTo("TPS dropped 10.1 % (limit 10 %)");
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.FAILED);
	}

	@Test
	void aSixtyPercentTpsLossFailsTheComparison() {
		assertThat(compare(mode("fixed", 1100, 200), mode("fixed", 440, 200)).exitCode()).isEqualTo(ExitCodes.FAILED);
	}

	@Test
	void aP99RiseBeyondTheThresholdIsARegressionEvenAtTheSameTps() {
		Comparison comparison = compare(mode("fixed", 1000, 200), mode("fixed", 1000, 241));

		assertThat(comparison.rows().get(0).verdict()).isEqualTo(Verdict.REGRESSION);
		assertThat(comparison.rows().get(0).reason()).isEqualTo("p99 rose 20.5 % (limit 20 %)");
	}

	@Test
	void aP99RiseExactlyAtTheThresholdPasses() {
		assertThat(compare(mode("fixed", 1000, 200), mode("fixed", 1000, 240)).exitCode()).isEqualTo(ExitCodes.OK);
	}

	@Test
	void fasterRunsPass() {
		Comparison comparison = compare(mode("naive", 75, 2600), mode("naive", 150, 1300));

		assertThat(comparison.rows().get(0).tpsDeltaPct()).isCloseTo(100, within(1e-9));
		assertThat(comparison.rows().get(0).p99DeltaPct()).isCloseTo(-50, within(1e-9));
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.OK);
	}

	@Test
	void modesOnOneSideOnlyAreReportedNotFatal() {
		Comparison comparison = Comparison.of(List.of(mode("naive", 75, 2600), mode("fixed", 1000, 200)),
				List.of(mode("fixed", 1000, 200), mode("reactive", 1050, 190)), LIMITS);

		assertThat(comparison.rows()).extracting(Comparison.Row::mode, Comparison.Row::verdict)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("naive", Verdict.ONLY_IN_BASELINE),
					org.assertj.core.groups.Tuple.tuple("reactive", Verdict.ONLY_IN_CURRENT),
					org.assertj.core.groups.Tuple.tuple("fixed", Verdict.OK));
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.OK);
	}

	@Test
	void anInvalidCurrentRunNeverPassesEvenWithAHigherTps() {
		Comparison comparison = compare(mode("fixed", 1000, 200), invalid(mode("fixed", 5000, 10)));

		assertThat(comparison.rows().get(0).verdict()).isEqualTo(Verdict.INVALID);
		assertThat(comparison.rows().get(0).reason()).contains("current run invalid (3.2 % errors)");
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.FAILED);
	}

	@Test
	void anInvalidBaselineIsNotAPass() {
		Comparison comparison = compare(invalid(mode("fixed", 1000, 200)), mode("fixed", 1000, 200));

		assertThat(comparison.rows().get(0).verdict()).isEqualTo(Verdict.INVALID);
		assertThat(comparison.rows().get(0).reason()).contains("baseline invalid");
		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.FAILED);
	}

	@Test
	void runsWithNoModeInCommonDecideNothing() {
		Comparison comparison = Comparison.of(List.of(mode("naive", 75, 2600)), List.of(mode("fixed", 1000, 200)),
				LIMITS);

		assertThat(comparison.exitCode()).isEqualTo(ExitCodes.USAGE);
		assertThat(comparison.table()).contains("nothing compared");
	}

	@Test
	void theCeilingIsNotCompared() {
		Comparison comparison = compare(mode(ModeSummary.CEILING, 2400, 100), mode(ModeSummary.CEILING, 100, 900));

		assertThat(comparison.rows()).isEmpty();
	}

	@Test
	void aRiseFromZeroIsInfinite() {
		assertThat(Comparison.percentChange(0, 5)).isInfinite();
		assertThat(Comparison.percentChange(0, 0)).isZero();
	}

	@Test
	void tablePrintsDeltasAndVerdicts() {
		String table = compare(mode("fixed", 1000, 200), mode("fixed", 800, 300)).table();

		assertThat(table).contains("1000.0", "800.0", "-20.0 %", "+50.0 %",
				"REGRESSION: TPS dropped 20.0 % (limit 10 %); p99 rose 50.0 % (limit 20 %)");
		assertThat(table).contains("REGRESSION: see the verdict column");
	}

	private static Comparison compare(ModeSummary baseline, ModeSummary current) {
		return Comparison.of(List.of(baseline), List.of(current), LIMITS);
	}

	static ModeSummary mode(String name, double tps, double p99) {
		long ok = Math.round(tps * 60);
		ExecutionMode execution = name.equals(ModeSummary.CEILING) ? null : BenchModes.executionMode(name);
		return new ModeSummary(ModeSummary.SCHEMA, name, execution, name, "gateway", Workload.closed(200),
				new LinkLatencies(25, 3, 0), 60, ok, 0, tps, 0,
				new Latency(p99 / 2, p99 / 2, p99 * 0.8, p99, p99 * 1.2), ModeSummary.Spread.NONE, Validity.VALID,
				new Prediction(null, "-", Prediction.NONE, null, null), null, null, Map.of("200", ok), List.of(), null,
				null);
	}

	static ModeSummary invalid(ModeSummary mode) {
		return new ModeSummary(mode.schema(), mode.mode(), mode.executionMode(), mode.label(), mode.target(),
				mode.workload(), mode.links(), mode.windowSeconds(), mode.ok(), mode.ok() / 30, mode.tps(), 3.2,
				mode.latencyMs(), mode.tpsPerSecond(), Validity.invalid("3.2 % errors"), mode.prediction(),
				mode.gateway(), mode.login(), mode.outcomes(), mode.assertions(), null, null);
	}

}
