package dev.gatewaykit.bench.analysis.flip;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.model.LatencyHistograms;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.model.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FlipAnalysisTests {

	static final long WINDOW_START = 1_800_000_000_000L;

	static final GatewayFacts GATEWAY = new GatewayFacts("blocking", null, 4, 2, 20, null, null);

	static final LinkLatencies LINKS = new LinkLatencies(1, 50, 0);

	static final Workload USERS = Workload.closed(200);

	/**
	 * 30 s window: 75 OK/s at 2600 ms (one 3900 ms response per second) for the first 10
	 * s, a second of drain, then 1100 OK/s at 90 ms (one 180 ms response per second).
	 */
	static TimeSeries blockingThenReactive() {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		seconds.add(second(-1, 70, 0, 2600, 3900));
		for (int t = 0; t < 10; t++) {
			seconds.add(second(t, 75, 0, 2600, 3900));
		}
		seconds.add(second(10, 600, 2, 3000, 9000));
		for (int t = 11; t < 30; t++) {
			seconds.add(second(t, 1100, 0, 90, 180));
		}
		seconds.add(second(30, 50, 0, 90, 180));
		return new TimeSeries(1, "flip", 5, 30, seconds);
	}

	static FlipEvent confirmedAt(double requestedSeconds, double confirmedSeconds) {
		return new FlipEvent(1, "blocking", "reactive", "actuator", 10, WINDOW_START,
				WINDOW_START + Math.round(requestedSeconds * 1000), WINDOW_START + Math.round(confirmedSeconds * 1000),
				List.of(new FlipEvent.Instance("http://127.0.0.1:8081/actuator", "blocking", "reactive",
						WINDOW_START + Math.round(confirmedSeconds * 1000))),
				null);
	}

	@Test
	void beforeIsTheWholeSecondsBeforeTheRequest() {
		FlipSummary flip = analyse(confirmedAt(10.002, 10.04));

		assertThat(flip.before().fromSecond()).isZero();
		assertThat(flip.before().toSecond()).isEqualTo(10);
		assertThat(flip.before().ok()).isEqualTo(750);
		assertThat(flip.before().tps()).isCloseTo(75, within(1e-9));
		assertThat(flip.before().mode()).isEqualTo("blocking");
	}

	@Test
	void afterStartsAtTheFirstSecondWhoseRequestsWereAllSentAfterTheConfirmation() {
		// Requests queued behind the blocking loops complete until second 12; from 13 on,
		// all were sent after 10.04.
		TimeSeries series = withSendTimes(blockingThenReactive(),
				Map.of(10, 7_400L, 11, 8_100L, 12, 10_020L, 13, 10_050L));

		FlipSummary flip = FlipAnalysis.analyse("flip", confirmedAt(10.002, 10.04), WINDOW_START, series, GATEWAY,
				LINKS, USERS);

		assertThat(flip.excludedFromSecond()).isEqualTo(10);
		assertThat(flip.excludedToSecond()).isEqualTo(13);
		assertThat(flip.drainSeconds()).isEqualTo(2);
		assertThat(flip.afterRule()).startsWith("from the first whole second after which every completed request");
		assertThat(flip.after().fromSecond()).isEqualTo(13);
		assertThat(flip.after().toSecond()).isEqualTo(30);
		assertThat(flip.after().tps()).isCloseTo(1100, within(1e-9));
		assertThat(flip.tpsRatio()).isCloseTo(1100 / 75.0, within(1e-9));
	}

	@Test
	void aLateRequestSentBeforeTheSwitchMovesTheStartOfAfterPastIt() {
		// A request sent at 9.5 s completes in second 20 (a 504 from nginx, say):
		// everything up to it is left out.
		TimeSeries series = withSendTimes(blockingThenReactive(), Map.of(10, 7_400L, 11, 10_100L, 20, 9_500L));

		FlipSummary flip = FlipAnalysis.analyse("flip", confirmedAt(10.002, 10.04), WINDOW_START, series, GATEWAY,
				LINKS, USERS);

		assertThat(flip.after().fromSecond()).isEqualTo(21);
	}

	@Test
	void withoutSendTimesAfterStartsOnceTheBeforeSidesP99HasPassedSinceTheConfirmation() {
		FlipSummary flip = analyse(confirmedAt(10.002, 10.04));

		// p99 before = 3900 ms (one in 75 per second) → 4 s after 10.04 s → from second
		// 15.
		assertThat(flip.afterRule()).startsWith("max(2 s, the before side's p99)");
		assertThat(flip.excludedFromSecond()).isEqualTo(10);
		assertThat(flip.excludedToSecond()).isEqualTo(15);
		assertThat(flip.drainSeconds()).isEqualTo(4);
		assertThat(flip.after().fromSecond()).isEqualTo(15);
		assertThat(flip.after().tps()).isCloseTo(1100, within(1e-9));
	}

	@Test
	void latencyPercentilesAreMergedFromTheHistogramsNotAveraged() {
		FlipSummary flip = analyse(confirmedAt(10.002, 10.04));

		// 74 of 75 responses per second took 2600 ms and one 3900 ms: the p99 of the span
		// is the 3900 ms one only because exactly 10 of 750 (1.3 %) are that slow.
		assertThat(flip.before().latencyExact()).isTrue();
		assertThat(flip.before().latencyMs().p50()).isCloseTo(2600, within(2600 * 0.01));
		assertThat(flip.before().latencyMs().p99()).isCloseTo(3900, within(3900 * 0.01));
		assertThat(flip.after().latencyMs().p50()).isCloseTo(90, within(1.0));
		assertThat(flip.after().latencyMs().p99()).isCloseTo(90, within(1.0));
		assertThat(flip.after().latencyMs().max()).isCloseTo(180, within(2.0));
	}

	@Test
	void eachSideIsPredictedAsItsOwnMode() {
		FlipSummary flip = analyse(confirmedAt(10.002, 10.04));

		assertThat(flip.before().prediction().formula()).isEqualTo("4 loops / 52 ms injected = 77");
		assertThat(flip.after().prediction().formula()).isEqualTo("200 users / 52 ms = 3846");
	}

	@Test
	void withoutSendTimesTheDrainIsAtLeastTwoSeconds() {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		for (int t = 0; t < 20; t++) {
			seconds.add(second(t, 100, 0, 50, 60));
		}
		FlipSummary flip = FlipAnalysis.analyse("flip", confirmedAt(5.5, 5.6), WINDOW_START,
				new TimeSeries(1, "flip", 0, 20, seconds), GATEWAY, LINKS, USERS);

		assertThat(flip.drainSeconds()).isEqualTo(FlipAnalysis.MIN_SETTLE_SECONDS);
		assertThat(flip.before().toSecond()).isEqualTo(5);
		assertThat(flip.after().fromSecond()).isEqualTo(8);
	}

	@Test
	void aSecondWithoutCompletionsCountsAsZero() {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		seconds.add(second(0, 100, 0, 50, 60));
		seconds.add(second(2, 100, 0, 50, 60));
		FlipSummary flip = FlipAnalysis.analyse("flip", confirmedAt(3.5, 3.6), WINDOW_START,
				new TimeSeries(1, "flip", 0, 10, seconds), GATEWAY, LINKS, USERS);

		assertThat(flip.before().toSecond()).isEqualTo(3);
		assertThat(flip.before().tps()).isCloseTo(200 / 3.0, within(1e-9));
	}

	@Test
	void anUnconfirmedSwitchHasNoAfterSide() {
		FlipEvent event = new FlipEvent(1, "blocking", "reactive", "nacos", 10, WINDOW_START, WINDOW_START + 10_001,
				null, List.of(), "not confirmed within 10 s of the request: http://x still reports blocking");

		FlipSummary flip = analyse(event);

		assertThat(flip.confirmed()).isFalse();
		assertThat(flip.before().toSecond()).isEqualTo(10);
		assertThat(flip.after()).isNull();
		assertThat(flip.tpsRatio()).isNull();
		assertThat(flip.excludedToSecond()).isEqualTo(30);
		assertThat(flip.label()).isEqualTo("blocking → reactive (via nacos): NOT confirmed");
		assertThat(flip.error()).contains("still reports blocking");
	}

	@Test
	void aSwitchTooLateToSettleHasNoAfterSide() {
		FlipSummary flip = analyse(confirmedAt(27.5, 27.6));

		assertThat(flip.before().toSecond()).isEqualTo(27);
		assertThat(flip.after()).isNull();
		assertThat(flip.excludedToSecond()).isEqualTo(30);
	}

	@Test
	void withoutHistogramsEachLatencyIsTheLargestPerSecondOneAndSaysSo() {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		for (int t = 0; t < 10; t++) {
			seconds.add(new TimeSeries.Second(t, 75, 0,
					new dev.gatewaykit.bench.model.Latency(2000, 1900, 2500, 3000 + t * 100, 3500 + t * 100)));
		}
		FlipSummary flip = FlipAnalysis.analyse("flip", confirmedAt(5.2, 5.3), WINDOW_START,
				new TimeSeries(1, "flip", 0, 10, seconds), GATEWAY, LINKS, USERS);

		assertThat(flip.before().latencyExact()).isFalse();
		assertThat(flip.before().latencyMs().p99()).isEqualTo(3400);
		assertThat(flip.before().latencyMs().max()).isEqualTo(3900);
	}

	@Test
	void theLabelNamesBothModesAndTheWay() {
		assertThat(analyse(confirmedAt(10, 10.1)).label()).isEqualTo("blocking → reactive (via actuator)");
	}

	/**
	 * The series with each second's earliest send time: {@code t·1000 − 2600} ms before
	 * the switch, as given in {@code overrides}, and {@code t·1000 − 90} ms otherwise
	 * (reactive).
	 */
	static TimeSeries withSendTimes(TimeSeries series, Map<Integer, Long> overrides) {
		List<TimeSeries.Second> seconds = new ArrayList<>();
		for (TimeSeries.Second second : series.seconds()) {
			long sent = overrides.getOrDefault(second.t(), second.t() * 1000L - ((second.t() < 10) ? 2600 : 90));
			seconds.add(new TimeSeries.Second(second.t(), second.ok(), second.ko(), second.latencyMs(),
					second.okHistogram(), sent));
		}
		return new TimeSeries(series.schema(), series.label(), series.warmupSeconds(), series.durationSeconds(),
				seconds);
	}

	private static FlipSummary analyse(FlipEvent event) {
		return FlipAnalysis.analyse("flip", event, WINDOW_START, blockingThenReactive(), GATEWAY, LINKS, USERS);
	}

	/** {@code ok} responses: all but one at {@code typicalMs}, one at {@code slowMs}. */
	static TimeSeries.Second second(int t, long ok, long ko, long typicalMs, long slowMs) {
		Histogram histogram = LatencyHistograms.empty();
		histogram.recordValueWithCount(typicalMs, ok - 1);
		histogram.recordValue(slowMs);
		return new TimeSeries.Second(t, ok, ko, LatencyHistograms.latency(histogram),
				LatencyHistograms.encode(histogram), null);
	}

}
