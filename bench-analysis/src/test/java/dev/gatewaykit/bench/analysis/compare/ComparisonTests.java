package dev.gatewaykit.bench.analysis.compare;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;

import static dev.gatewaykit.bench.analysis.compare.GateFixtures.invalid;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.mode;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.run;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.tps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

class ComparisonTests {

	private static final Thresholds LIMITS = Thresholds.DEFAULT;

	/** One run per side: the ranges are points, so the rule is the plain threshold. */
	@Nested
	class SingleRuns {

		@Test
		void aDropWithinTheThresholdIsWithinLimits() {
			MetricComparison tps = metric(compare(tps("fixed", 1000), tps("fixed", 901)), Metric.TPS);

			assertThat(tps.verdict()).isEqualTo(Verdict.WITHIN_LIMITS);
			assertThat(tps.deltaPct()).isCloseTo(-9.9, within(1e-9));
			assertThat(tps.reason()).isEqualTo("TPS dropped 9.9 % (limit 10 %)");
		}

		@Test
		void aDropExactlyAtTheThresholdPasses() {
			Comparison comparison = compare(tps("fixed", 1000), tps("fixed", 900));

			assertThat(comparison.modes().get(0).verdict()).isEqualTo(Verdict.WITHIN_LIMITS);
			assertThat(comparison.failed()).isFalse();
		}

		@Test
		void aDropBeyondTheThresholdIsARegression() {
			Comparison comparison = compare(tps("fixed", 1000), tps("fixed", 899));

			assertThat(comparison.modes().get(0).verdict()).isEqualTo(Verdict.REGRESSION);
			assertThat(comparison.modes().get(0).reason()).isEqualTo("TPS dropped 10.1 % (limit 10 %)");
			assertThat(comparison.failed()).isTrue();
		}

		@Test
		void aSixtyPercentTpsLossFails() {
			assertThat(compare(tps("fixed", 1100), tps("fixed", 440)).failed()).isTrue();
		}

		@Test
		void aP99RiseBeyondTheThresholdIsARegressionEvenAtTheSameTps() {
			ModeComparison mode = compare(mode("fixed", run(1000, 200)), mode("fixed", run(1000, 241))).modes().get(0);

			assertThat(mode.verdict()).isEqualTo(Verdict.REGRESSION);
			assertThat(mode.reason()).isEqualTo("p99 rose 20.5 % (limit 20 %)");
			assertThat(metric(mode, Metric.TPS).verdict()).isEqualTo(Verdict.WITHIN_LIMITS);
		}

		@Test
		void aP99RiseExactlyAtTheThresholdPasses() {
			assertThat(compare(mode("fixed", run(1000, 200)), mode("fixed", run(1000, 240))).failed()).isFalse();
		}

		@Test
		void fasterRunsImprove() {
			ModeComparison mode = compare(mode("naive", run(75, 2600)), mode("naive", run(150, 1300))).modes().get(0);

			assertThat(metric(mode, Metric.TPS).deltaPct()).isCloseTo(100, within(1e-9));
			assertThat(metric(mode, Metric.P99).deltaPct()).isCloseTo(-50, within(1e-9));
			assertThat(mode.verdict()).isEqualTo(Verdict.IMPROVED);
		}

	}

	/** Several runs per side: medians decide, overlapping ranges mean no change. */
	@Nested
	class Repeats {

		@Test
		void aMedianDropBeyondTheThresholdWithDisjointRangesIsARegression() {
			ModeComparison mode = compare(tps("fixed", 950, 1000, 1050), tps("fixed", 800, 850, 900)).modes().get(0);

			MetricComparison tps = metric(mode, Metric.TPS);
			assertThat(tps.verdict()).isEqualTo(Verdict.REGRESSION);
			assertThat(tps.deltaPct()).isCloseTo(-15, within(1e-9));
			assertThat(tps.reason()).isEqualTo(
					"TPS dropped 15.0 % (limit 10 %), outside the measured spread: base 950–1050, current 800–900");
			assertThat(mode.verdict()).isEqualTo(Verdict.REGRESSION);
		}

		@Test
		void aMedianDropInsideTheMeasuredSpreadIsNoChange() {
			Comparison comparison = compare(tps("fixed", 800, 1000, 1100), tps("fixed", 820, 850, 900));

			MetricComparison tps = metric(comparison, Metric.TPS);
			assertThat(tps.verdict()).isEqualTo(Verdict.NO_CHANGE);
			assertThat(tps.reason()).isEqualTo(
					"TPS dropped 15.0 % (limit 10 %) but inside the measured spread: base 800–1100, current 820–900");
			assertThat(comparison.failed()).isFalse();
		}

		@Test
		void rangesThatTouchOverlap() {
			assertThat(
					metric(compare(tps("fixed", 900, 1000, 1100), tps("fixed", 700, 800, 900)), Metric.TPS).verdict())
				.isEqualTo(Verdict.NO_CHANGE);
		}

		@Test
		void aDisjointRiseInGatewayCpuIsARegressionEvenWhenTpsAndP99AreFine() {
			ModeComparison mode = compare(mode("fixed", run(1000, 200, 490), run(1000, 200, 500), run(1000, 200, 510)),
					mode("fixed", run(1000, 200, 590), run(1000, 200, 600), run(1000, 200, 610)))
				.modes()
				.get(0);

			assertThat(mode.metrics()).extracting(MetricComparison::metric, MetricComparison::verdict)
				.containsExactly(tuple(Metric.TPS, Verdict.WITHIN_LIMITS), tuple(Metric.P99, Verdict.WITHIN_LIMITS),
						tuple(Metric.CPU, Verdict.REGRESSION));
			assertThat(mode.verdict()).isEqualTo(Verdict.REGRESSION);
			assertThat(mode.reason()).startsWith("CPU per request rose 20.0 % (limit 10 %)");
		}

		@Test
		void gatewayCpuMeasuredOnOneSideOnlyIsNotMeasuredAndDecidesNothing() {
			ModeComparison mode = compare(mode("fixed", run(1000, 200, 500)), mode("fixed", run(1000, 200))).modes()
				.get(0);

			assertThat(metric(mode, Metric.CPU).verdict()).isEqualTo(Verdict.NOT_MEASURED);
			assertThat(metric(mode, Metric.CPU).reason()).isEqualTo("no CPU/req figure in the current run");
			assertThat(mode.verdict()).isEqualTo(Verdict.WITHIN_LIMITS);
		}

		@Test
		void aMedianRiseBeyondTheThresholdWithDisjointRangesImproves() {
			assertThat(metric(compare(tps("fixed", 950, 1000, 1050), tps("fixed", 1150, 1200, 1250)), Metric.TPS)
				.verdict()).isEqualTo(Verdict.IMPROVED);
		}

		@Test
		void aBetterMedianInsideTheSpreadIsOnlyWithinLimits() {
			MetricComparison tps = metric(compare(tps("fixed", 900, 1000, 1200), tps("fixed", 1100, 1200, 1250)),
					Metric.TPS);

			assertThat(tps.verdict()).isEqualTo(Verdict.WITHIN_LIMITS);
			assertThat(tps.reason()).isEqualTo(
					"TPS rose 20.0 % (limit 10 %) but inside the measured spread: base 900–1200, current 1100–1250");
		}

		@Test
		void theModeTakesItsWorstMetricsVerdict() {
			ModeComparison mode = compare(mode("fixed", run(900, 200), run(1000, 210), run(1100, 300)),
					mode("fixed", run(1400, 250), run(1500, 260), run(1600, 270)))
				.modes()
				.get(0);

			assertThat(metric(mode, Metric.TPS).verdict()).isEqualTo(Verdict.IMPROVED);
			assertThat(metric(mode, Metric.P99).verdict()).isEqualTo(Verdict.NO_CHANGE);
			assertThat(mode.verdict()).isEqualTo(Verdict.NO_CHANGE);
		}

		@Test
		void aDifferentNumberOfRepeatsPerSideStillCompares() {
			assertThat(metric(compare(tps("fixed", 1000), tps("fixed", 800, 850, 900)), Metric.TPS).verdict())
				.isEqualTo(Verdict.REGRESSION);
		}

	}

	@Nested
	class Invalid {

		@Test
		void anInvalidCurrentRunNeverPassesEvenWithAHigherTps() {
			ModeComparison mode = compare(tps("fixed", 1000), mode("fixed", invalid(5000, 10))).modes().get(0);

			assertThat(mode.verdict()).isEqualTo(Verdict.INVALID);
			assertThat(mode.reason()).isEqualTo("current run invalid (3.2 % errors)");
			assertThat(mode.metrics()).extracting(MetricComparison::verdict).containsOnly(Verdict.INVALID);
		}

		@Test
		void oneInvalidRepeatMakesTheModeInvalid() {
			Comparison comparison = compare(tps("fixed", 950, 1000, 1050),
					mode("fixed", run(1000, 200), invalid(1000, 200), run(1000, 200)));

			assertThat(comparison.modes().get(0).verdict()).isEqualTo(Verdict.INVALID);
			assertThat(comparison.modes().get(0).reason())
				.isEqualTo("current run invalid (repeat 2 of 3: 3.2 % errors)");
			assertThat(comparison.failed()).isTrue();
		}

		@Test
		void anInvalidBaselineIsNotAPass() {
			Comparison comparison = compare(mode("fixed", invalid(1000, 200)), tps("fixed", 1000));

			assertThat(comparison.modes().get(0).verdict()).isEqualTo(Verdict.INVALID);
			assertThat(comparison.modes().get(0).reason()).contains("baseline invalid", "save a valid baseline");
			assertThat(comparison.failed()).isTrue();
		}

	}

	@Test
	void modesOnOneSideOnlyAreReportedNotFatal() {
		Comparison comparison = Comparison.of(List.of(tps("naive", 75), tps("fixed", 1000)),
				List.of(tps("fixed", 1000), tps("reactive", 1050)), LIMITS);

		assertThat(comparison.modes()).extracting(ModeComparison::mode, ModeComparison::verdict)
			.containsExactly(tuple("naive", Verdict.ONLY_IN_BASELINE), tuple("reactive", Verdict.ONLY_IN_CURRENT),
					tuple("fixed", Verdict.WITHIN_LIMITS));
		assertThat(comparison.failed()).isFalse();
		assertThat(comparison.comparedAny()).isTrue();
	}

	@Test
	void runsWithNoModeInCommonDecideNothing() {
		Comparison comparison = Comparison.of(List.of(tps("naive", 75)), List.of(tps("fixed", 1000)), LIMITS);

		assertThat(comparison.comparedAny()).isFalse();
		assertThat(comparison.failed()).isFalse();
		assertThat(comparison.verdictLine()).isEqualTo("nothing compared: the two runs share no mode");
	}

	@Test
	void theCeilingIsNotCompared() {
		assertThat(compare(tps(ModeSummary.CEILING, 2400), tps(ModeSummary.CEILING, 100)).modes()).isEmpty();
	}

	@Test
	void aRiseFromZeroIsInfinite() {
		assertThat(MetricComparison.percentChange(0, 5)).isInfinite();
		assertThat(MetricComparison.percentChange(0, 0)).isZero();
	}

	@Test
	void tablePrintsMediansRangesDeltasVerdictsAndReasons() {
		Comparison comparison = compare(mode("fixed", run(950, 200, 490), run(1000, 210, 500), run(1050, 220, 510)),
				mode("fixed", run(800, 300, 495), run(850, 310, 505), run(900, 320, 515)));

		String table = comparison.table();

		assertThat(table).contains("1000 [950–1050] n=3", "850 [800–900] n=3", "-15.0 %", "210 ms [200–220] n=3",
				"+47.6 %", "505 µs [495–515] n=3", "+1.0 %");
		assertThat(table)
			.contains("fixed TPS: REGRESSION: TPS dropped 15.0 % (limit 10 %), outside the measured spread: "
					+ "base 950–1050, current 800–900");
		assertThat(table).doesNotContain("CPU/req: within limits");
		assertThat(comparison.verdictLine()).isEqualTo("REGRESSION: fixed TPS, fixed p99");
	}

	@Test
	void tableFitsA120ColumnTerminal() {
		Comparison comparison = Comparison.of(
				List.of(mode("reactive", run(10950.5, 2000.5, 10490.5), run(11000.5, 2100.5, 10500.5),
						run(11050.5, 2200.5, 10510.5)), tps("naive", 75)),
				List.of(mode("reactive", run(9800.5, 3000.5, 12495.5), run(9850.5, 3100.5, 12505.5),
						run(9900.5, 3200.5, 12515.5)), mode("naive", invalid(75, 2600))),
				LIMITS);

		String table = comparison.table();

		assertThat(table).contains("reactive CPU/req: REGRESSION: CPU per request rose",
				"\n    outside the measured spread: base 10490.5–10510.5 µs, current 12495.5–12515.5 µs");
		assertThat(table.lines()).allSatisfy((line) -> assertThat(line.length()).isLessThanOrEqualTo(120));
	}

	@Test
	void aPassingVerdictLineStatesTheLimits() {
		assertThat(compare(tps("fixed", 1000), tps("fixed", 1000)).verdictLine())
			.isEqualTo("no regression (limits: TPS drop 10 %, p99 rise 20 %, CPU/req rise 10 %)");
	}

	@Test
	void aPassingVerdictLineNamesWhatIsWorseInsideTheSpread() {
		assertThat(compare(tps("fixed", 800, 1000, 1100), tps("fixed", 820, 850, 900)).verdictLine()).isEqualTo(
				"no regression (limits: TPS drop 10 %, p99 rise 20 %, CPU/req rise 10 %); worse but inside the measured "
						+ "spread, so no change: fixed TPS");
	}

	@Test
	void aFailingVerdictLineNamesRegressionsAndInvalidModes() {
		Comparison comparison = Comparison.of(List.of(tps("naive", 75), tps("fixed", 1000)),
				List.of(mode("naive", invalid(75, 2600)), tps("fixed", 500)), LIMITS);

		assertThat(comparison.verdictLine()).isEqualTo("REGRESSION: fixed TPS; INVALID: naive");
	}

	private static Comparison compare(ModeSamples baseline, ModeSamples current) {
		return Comparison.of(List.of(baseline), List.of(current), LIMITS);
	}

	private static MetricComparison metric(Comparison comparison, Metric metric) {
		return metric(comparison.modes().get(0), metric);
	}

	private static MetricComparison metric(ModeComparison mode, Metric metric) {
		return mode.metrics().get(metric.ordinal());
	}

}
