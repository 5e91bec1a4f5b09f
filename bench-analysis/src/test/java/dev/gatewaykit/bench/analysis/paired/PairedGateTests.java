package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.common.diagnostics.BlockingCall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PairedGateTests {

	private static final PairedGate GATE = new PairedGate(6, 12, 0.95, PairedGate.defaultLimits(), 0.5);

	@Test
	void theSameFiguresOnBothSidesAreNoChangeOnceTheMinimumIsMeasured() {
		List<GatePair> pairs = pairs(6, 0, 0.01, 1);

		assertThat(GATE.more(pairs.subList(0, 5))).isTrue();
		assertThat(GATE.more(pairs)).isFalse();
		PairedVerdict verdict = GATE.verdict(pairs, List.of(), List.of());
		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.NO_CHANGE);
		assertThat(verdict.reasons()).isEmpty();
	}

	@Test
	void aCpuCostAboveTheLimitIsARegressionNamingTheMetric() {
		List<GatePair> pairs = pairs(6, 12, 0.01, 2);
		pairs.replaceAll((pair) -> new GatePair(pair.index(), pair.baseline(),
				new CaseFigures("candidate", 1, pair.index(), 0, 10_000, 10_000, 0, pair.candidate().gatewayCpuMicros(),
						pair.candidate().stackCpuMicros(), 1 + 0.3 * (pair.index() % 2), 10, 0, 70)));

		assertThat(GATE.more(pairs)).as("a regression decides, whatever the noisy p50 says").isFalse();
		PairedVerdict verdict = GATE.verdict(pairs, List.of(), List.of());

		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.REGRESSION);
		assertThat(verdict.reasons()).anyMatch((reason) -> reason.startsWith("gateway ÷ rest CPU +12"));
		assertThat(verdict.metrics()).filteredOn((m) -> m.metric() == GateMetric.GATEWAY_SHARE)
			.singleElement()
			.satisfies((m) -> assertThat(m.call()).isEqualTo(GateCall.REGRESSION));
	}

	@Test
	void aMachineThatSlowsEveryProcessAlikeMovesTheGatewaysMicrosecondsButNotItsShare() {
		List<GatePair> pairs = new ArrayList<>();
		Random random = new Random(7);
		for (int i = 1; i <= 8; i++) {
			// Each window runs at its own speed: ±8 %, every process alike.
			double a = 1 + 0.08 * random.nextGaussian();
			double b = 1 + 0.08 * random.nextGaussian();
			pairs.add(new GatePair(i, cpu("baseline", 500 * a, 1300 * a), cpu("candidate", 500 * b, 1300 * b)));
		}

		PairedVerdict verdict = GATE.verdict(pairs, List.of(), List.of());

		assertThat(verdict.metrics()).filteredOn((m) -> m.metric() == GateMetric.GATEWAY_SHARE)
			.singleElement()
			.satisfies((m) -> assertThat(m.call()).isEqualTo(GateCall.NO_CHANGE));
		assertThat(verdict.metrics()).filteredOn((m) -> m.metric() == GateMetric.GATEWAY_CPU)
			.singleElement()
			.satisfies((m) -> assertThat(m.change().detectablePct()).isGreaterThan(5));
		assertThat(pairs.get(0).baseline().gatewayShare()).isCloseTo(62.5, within(1e-9));
	}

	@Test
	void noiseWiderThanTheLimitIsUnsureAndSaysWhy() {
		List<GatePair> pairs = pairs(12, 0, 0.15, 3);

		assertThat(GATE.more(pairs)).isFalse();
		PairedVerdict verdict = GATE.verdict(pairs, List.of(), List.of());
		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.UNSURE);
		assertThat(verdict.reasons()).anyMatch((reason) -> reason.contains("cannot tell from ±5 % in 12 pairs"));
	}

	@Test
	void aMetricWithoutALimitIsShownAndNeverDecides() {
		Map<GateMetric, Double> cpuOnly = new LinkedHashMap<>();
		cpuOnly.put(GateMetric.GATEWAY_CPU, 5.0);
		PairedGate gate = new PairedGate(6, 12, 0.95, cpuOnly, 0.5);
		List<GatePair> pairs = new ArrayList<>();
		for (int i = 1; i <= 6; i++) {
			pairs.add(new GatePair(i, figures("baseline", 500, 2, 10 + i * 7), figures("candidate", 500, 2, 90)));
		}

		PairedVerdict verdict = gate.verdict(pairs, List.of(), List.of());

		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.NO_CHANGE);
		assertThat(verdict.metrics()).filteredOn((m) -> m.metric() == GateMetric.P99).singleElement().satisfies((m) -> {
			assertThat(m.gated()).isFalse();
			assertThat(m.call()).isNull();
		});
	}

	@Test
	void aNewBlockingSiteInTheUsersCodeIsARegressionButALibrarysIsNot() {
		BlockingCall audit = new BlockingCall("com.acme.AuditFilter.filter(AuditFilter.java:42)",
				"java.io.FileOutputStream#write", 900, List.of("reactor-http-epoll-1"));
		BlockingCall lettuce = new BlockingCall("io.lettuce.core.RedisChannelHandler.close(RedisChannelHandler.java:9)",
				"jdk.internal.misc.Unsafe#park", 1, List.of("reactor-http-epoll-2"));
		BlockingCall probe = new BlockingCall(
				"dev.gatewaykit.gateway.diagnostics.EventLoopLagProbe$LoopProbe.run(EventLoopLagProbe.java:135)",
				"jdk.internal.misc.Unsafe#park", 1, List.of("reactor-http-epoll-2"));
		BlockingCall known = new BlockingCall("com.acme.Known.call(Known.java:1)", "java.lang.Thread#sleep", 3,
				List.of("reactor-http-epoll-1"));

		assertThat(PairedGate.newUserBlocking(List.of(known), List.of(audit, lettuce, probe, known)))
			.containsExactly(audit);
		PairedVerdict verdict = GATE.verdict(pairs(6, 0, 0.01, 4), List.of(known), List.of(audit, known));
		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.REGRESSION);
		assertThat(verdict.reasons()).singleElement()
			.asString()
			.contains("blocks an event loop at com.acme.AuditFilter.filter(AuditFilter.java:42)");
	}

	@Test
	void moreErrorsThanTheBaselinesIsARegression() {
		List<GatePair> pairs = new ArrayList<>();
		for (int i = 1; i <= 6; i++) {
			CaseFigures a = figures("baseline", 500, 2, 10);
			CaseFigures b = new CaseFigures("candidate", 1, i, 0, 10_000, 10_000, 200, 500, 1300, 2, 10, 0, 70);
			pairs.add(new GatePair(i, a, b));
		}

		PairedVerdict verdict = GATE.verdict(pairs, List.of(), List.of());

		assertThat(verdict.status()).isEqualTo(PairedVerdict.Status.REGRESSION);
		assertThat(verdict.reasons()).containsExactly("errors 2.00 % against the baseline's 0.00 %");
	}

	@Test
	void theReplayOnRecordedNoiseCountsFalseAlarmsAndDetections() {
		PairedVerdict verdict = GATE.verdict(pairs(12, 0, 0.02, 5), List.of(), List.of());

		assertThat(verdict.resampled()).as("two gated metrics, three effects each").hasSize(6);
		PairedGate.Resampled none = verdict.resampled().get(0);
		PairedGate.Resampled twiceTheLimit = verdict.resampled().get(2);
		assertThat(none.effectPct()).isZero();
		assertThat(none.regressions()).isLessThanOrEqualTo(4);
		assertThat(twiceTheLimit.effectPct()).isEqualTo(10.0);
		assertThat(twiceTheLimit.regressions()).isGreaterThan(360);
	}

	@Test
	void tooFewPairsForTheConfidenceAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new PairedGate(5, 12, 0.95, PairedGate.defaultLimits(), 0.5))
			.withMessageContaining("5 pairs give no 95 % interval");
		assertThatIllegalArgumentException().isThrownBy(() -> new PairedGate(6, 12, 0.95, Map.of(), 0.5))
			.withMessageContaining("at least one metric");
	}

	@Test
	void answersCountTheWindowsRequestsAndTheirPercentiles() {
		List<RequestRecord> records = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			records.add(new RequestRecord(1000 + i, 1001 + i, (i == 7) ? 503 : 200, (i + 1) * 1000L));
		}
		records.add(new RequestRecord(999, 1001, 200, 5_000_000));
		records.add(new RequestRecord(1100, 1101, 200, 5_000_000));

		CaseFigures.Answers answers = CaseFigures.Answers.of(records, 1000, 1100, 2);

		assertThat(answers.requests()).isEqualTo(102);
		assertThat(answers.errors()).isEqualTo(3);
		assertThat(answers.p50Ms()).isEqualTo(50.0);
		assertThat(answers.p99Ms()).isEqualTo(99.0);
	}

	@Test
	void theSpreadSeparatesWindowsOfOneJvmFromJvmsOfOneSide() {
		List<GatePair> pairs = new ArrayList<>();
		for (int i = 1; i <= 8; i++) {
			int jvm = (i - 1) % 2 + 1;
			double level = (jvm == 1) ? 450 : 550;
			double wobble = (i % 4 < 2) ? 1.02 : 0.98;
			pairs.add(new GatePair(i, figures("baseline", jvm, level * wobble), figures("candidate", jvm, level)));
		}

		JvmSpread spread = JvmSpread.of(pairs, GateMetric.GATEWAY_CPU);

		assertThat(spread.betweenPct()).isGreaterThan(10);
		assertThat(spread.withinPct()).isBetween(0.5, 2.5);
	}

	/**
	 * Pairs whose candidate costs {@code effectPct} more, with Gaussian noise per case.
	 */
	private static List<GatePair> pairs(int count, double effectPct, double noise, long seed) {
		Random random = new Random(seed);
		List<GatePair> pairs = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			double a = 500 * (1 + noise * random.nextGaussian());
			double b = 500 * (1 + effectPct / 100) * (1 + noise * random.nextGaussian());
			pairs.add(new GatePair(i, figures("baseline", a, 1 + noise * random.nextGaussian(), 10),
					figures("candidate", b, 1 + noise * random.nextGaussian(), 10)));
		}
		return pairs;
	}

	/** A case whose rest of the stack spends 800 µs a request, whatever the gateway's. */
	private static CaseFigures figures(String side, double gatewayCpu, double p50, double p99) {
		return new CaseFigures(side, 1, 1, 0, 10_000, 10_000, 0, gatewayCpu, gatewayCpu + 800, p50, p99, 0, 70);
	}

	private static CaseFigures figures(String side, int jvm, double gatewayCpu) {
		return new CaseFigures(side, jvm, 1, 0, 10_000, 10_000, 0, gatewayCpu, gatewayCpu + 800, 2, 10, 0, 70);
	}

	private static CaseFigures cpu(String side, double gatewayCpu, double stackCpu) {
		return new CaseFigures(side, 1, 1, 0, 10_000, 10_000, 0, gatewayCpu, stackCpu, 2, 10, 0, 70);
	}

}
