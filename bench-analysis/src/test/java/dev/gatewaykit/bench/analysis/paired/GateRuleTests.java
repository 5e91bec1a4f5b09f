package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GateRuleTests {

	private static final GateRule RULE = new GateRule(6, 16, 0.95, 5);

	@Test
	void itMeasuresUpToTheMinimumBeforeItsFirstLook() {
		List<Double> a = List.of(400.0, 400.0, 400.0, 400.0, 400.0);
		List<Double> b = List.of(480.0, 480.0, 480.0, 480.0, 480.0);

		assertThat(RULE.step(a, b).more()).isTrue();
	}

	@Test
	void itStopsAsSoonAsEveryCallIsDecidedAndAtTheCapOtherwise() {
		List<Double> a = new ArrayList<>(List.of(400.0, 410.0, 405.0, 395.0, 420.0, 415.0));
		List<Double> clear = a.stream().map((x) -> x * 1.2).toList();
		assertThat(RULE.step(a, clear)).extracting(GateRule.Step::call, GateRule.Step::more)
			.containsExactly(GateCall.REGRESSION, false);

		List<Double> noisy = new ArrayList<>(List.of(440.0, 380.0, 450.0, 370.0, 460.0, 400.0));
		assertThat(RULE.step(a, noisy)).extracting(GateRule.Step::call, GateRule.Step::more)
			.containsExactly(GateCall.UNSURE, true);

		for (int i = 0; i < 10; i++) {
			a.add(400.0);
			noisy.add((i % 2 == 0) ? 480.0 : 330.0);
		}
		assertThat(RULE.step(a, noisy)).extracting(GateRule.Step::call, GateRule.Step::more)
			.containsExactly(GateCall.UNSURE, false);
	}

	@Test
	void resamplingRecordedNoiseGivesTheFalseAlarmAndDetectionRates() {
		// A/A pairs with 3 % noise per case, as measured CPU per request spreads on a
		// quiet machine; 400 simulated gates each.
		Random noise = new Random(7);
		List<Double> a = new ArrayList<>();
		List<Double> b = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			a.add(450 * (1 + 0.03 * noise.nextGaussian()));
			b.add(450 * (1 + 0.03 * noise.nextGaussian()));
		}
		Map<GateCall, Integer> sameBuild = calls(a, b, 0);
		Map<GateCall, Integer> belowTheLimit = calls(a, b, 3);
		Map<GateCall, Integer> tenPercentWorse = calls(a, b, 10);

		// Seen: A/A 0 regressions in 400 (391 no change); +3 % 2 in 400 (the looks after
		// every pair and the recorded pairs' own offset cost that); +10 % 380 in 400.
		assertThat(sameBuild.get(GateCall.REGRESSION)).isZero();
		assertThat(belowTheLimit.get(GateCall.REGRESSION)).isLessThan(400 / 50);
		assertThat(tenPercentWorse.get(GateCall.REGRESSION)).isGreaterThan(400 * 9 / 10);
	}

	@Test
	void aRuleThatCannotStopIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new GateRule(8, 6, 0.95, 5))
			.withMessageContaining("min <= max");
	}

	private static Map<GateCall, Integer> calls(List<Double> a, List<Double> b, double effectPct) {
		Random random = new Random(11);
		Map<GateCall, Integer> calls = new EnumMap<>(GateCall.class);
		for (GateCall call : GateCall.values()) {
			calls.put(call, 0);
		}
		for (int gate = 0; gate < 400; gate++) {
			calls.merge(RULE.simulate(a, b, effectPct, random), 1, Integer::sum);
		}
		return calls;
	}

}
