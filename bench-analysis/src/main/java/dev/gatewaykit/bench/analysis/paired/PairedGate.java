package dev.gatewaykit.bench.analysis.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.analysis.compare.UserCode;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.diagnostics.BlockingCall;

/**
 * The A/B gate's rule over every metric at once: after each pair, each gated metric gets
 * its call ({@link GateRule}); the gate measures another pair while one of them is
 * {@link GateCall#UNSURE}, from {@code minPairs} up to {@code maxPairs}. Metrics without
 * a limit are measured and shown, never decide.
 *
 * @param minPairs pairs before the first look: at least the number a {@code confidence}
 * interval needs
 * @param maxPairs the cap: a metric still UNSURE there makes the verdict UNSURE
 * @param confidence the intervals' confidence
 * @param limits each gated metric's limit, %; a metric not here is shown only
 * @param maxErrorRisePct how many percentage points the candidate's error rate may exceed
 * the baseline's
 */
public record PairedGate(int minPairs, int maxPairs, double confidence, Map<GateMetric, Double> limits,
		double maxErrorRisePct) {

	/** The pairs a 95 % signed-rank interval needs at the least. */
	public static final int DEFAULT_MIN_PAIRS = 6;

	public static final int DEFAULT_MAX_PAIRS = 10;

	public static final double DEFAULT_CONFIDENCE = 0.95;

	/** Simulated gates per effect in {@link #resample}. */
	public static final int RESAMPLED_GATES = 400;

	public PairedGate {
		limits = new LinkedHashMap<>(limits);
		if (limits.isEmpty()) {
			throw new IllegalArgumentException("the gate needs a limit on at least one metric");
		}
		new GateRule(minPairs, maxPairs, confidence, 1);
		List<Double> same = Collections.nCopies(minPairs, 1.0);
		if (Double.isInfinite(PairedChange.of(same, same, confidence).lowPct())) {
			throw new IllegalArgumentException(minPairs + " pairs give no " + Math.round(confidence * 100)
					+ " % interval: the signed-rank test needs more pairs (6 for 95 %, 8 for 99 %)");
		}
	}

	/**
	 * The defaults: the gateway's share of the stack's CPU at 5 %, the two CPU figures in
	 * µs at 10 %; the latencies shown, not gated.
	 */
	public static Map<GateMetric, Double> defaultLimits() {
		Map<GateMetric, Double> limits = new LinkedHashMap<>();
		for (GateMetric metric : GateMetric.values()) {
			if (metric.gatedByDefault()) {
				limits.put(metric, metric.defaultLimitPct());
			}
		}
		return limits;
	}

	/** Each metric's outcome on the pairs so far (gated metrics first, in order). */
	public List<MetricOutcome> look(List<GatePair> pairs) {
		List<MetricOutcome> outcomes = new ArrayList<>();
		for (GateMetric metric : GateMetric.values()) {
			List<Double> a = pairs.stream().map((pair) -> pair.baseline().value(metric)).toList();
			List<Double> b = pairs.stream().map((pair) -> pair.candidate().value(metric)).toList();
			PairedChange change = PairedChange.of(a, b, this.confidence);
			Double limit = this.limits.get(metric);
			outcomes.add(new MetricOutcome(metric, limit, change, (limit != null) ? GateCall.of(change, limit) : null,
					pairs.stream()
						.map((pair) -> pair.candidate().value(metric) / pair.baseline().value(metric))
						.toList(),
					median(a), median(b)));
		}
		return outcomes;
	}

	/**
	 * Whether to measure another pair after {@code pairs}: not before the minimum is
	 * reached, not past the cap, and not once a gated metric is a REGRESSION (more pairs
	 * would not change the verdict; the measured audit filter's gate spent four more
	 * pairs on its p50 after both CPU figures had decided).
	 */
	public boolean more(List<GatePair> pairs) {
		if (pairs.size() < this.minPairs) {
			return true;
		}
		List<MetricOutcome> outcomes = look(pairs);
		boolean regression = outcomes.stream().anyMatch((o) -> o.gated() && o.call() == GateCall.REGRESSION);
		boolean unsure = outcomes.stream().anyMatch((o) -> o.gated() && o.call() == GateCall.UNSURE);
		return pairs.size() < this.maxPairs && unsure && !regression;
	}

	/**
	 * The verdict on the pairs measured: REGRESSION when a gated metric is one, when the
	 * candidate blocks an event loop in the user's code where the baseline did not, or
	 * when its error rate rose past {@link #maxErrorRisePct}; else UNSURE when a gated
	 * metric still is; else IMPROVEMENT when one improved and none regressed; else NO
	 * CHANGE.
	 */
	public PairedVerdict verdict(List<GatePair> pairs, List<BlockingCall> baselineBlocking,
			List<BlockingCall> candidateBlocking) {
		List<MetricOutcome> outcomes = look(pairs);
		List<BlockingCall> added = newUserBlocking(baselineBlocking, candidateBlocking);
		double baselineErrors = errorPct(pairs, true);
		double candidateErrors = errorPct(pairs, false);
		List<String> reasons = new ArrayList<>();
		for (MetricOutcome outcome : outcomes) {
			if (outcome.gated() && outcome.call() == GateCall.REGRESSION) {
				reasons.add(outcome.metric().label() + " " + outcome.describe());
			}
		}
		for (BlockingCall call : added) {
			reasons.add("blocks an event loop at " + call.site() + " (" + call.blockingMethod() + " × " + call.count()
					+ "), which the baseline did not");
		}
		if (candidateErrors - baselineErrors > this.maxErrorRisePct) {
			reasons.add(String.format(Locale.ROOT, "errors %.2f %% against the baseline's %.2f %%", candidateErrors,
					baselineErrors));
		}
		PairedVerdict.Status status;
		if (!reasons.isEmpty()) {
			status = PairedVerdict.Status.REGRESSION;
		}
		else if (outcomes.stream().anyMatch((o) -> o.gated() && o.call() == GateCall.UNSURE)) {
			status = PairedVerdict.Status.UNSURE;
			outcomes.stream()
				.filter((o) -> o.gated() && o.call() == GateCall.UNSURE)
				.forEach((o) -> reasons.add(o.metric().label() + " " + o.describe() + ": cannot tell from ±"
						+ trim(o.limitPct()) + " % in " + pairs.size() + " pairs"));
		}
		else if (outcomes.stream().anyMatch((o) -> o.gated() && o.call() == GateCall.IMPROVEMENT)) {
			status = PairedVerdict.Status.IMPROVEMENT;
		}
		else {
			status = PairedVerdict.Status.NO_CHANGE;
		}
		return new PairedVerdict(status, reasons, outcomes, added, pairs, baselineErrors, candidateErrors,
				resample(pairs));
	}

	/**
	 * The candidate's blocking calls on non-blocking threads at a site the baseline's did
	 * not block at, whose site is the user's code: the proof that a change blocks. A
	 * library's call that comes and goes between runs (a lock two threads met on) is not
	 * the user's.
	 */
	public static List<BlockingCall> newUserBlocking(List<BlockingCall> baseline, List<BlockingCall> candidate) {
		Set<String> known = baseline.stream().map(BlockingCall::site).collect(Collectors.toSet());
		return candidate.stream()
			.filter((call) -> !known.contains(call.site()) && UserCode.contains(call.site()))
			.toList();
	}

	/**
	 * The gate replayed {@value #RESAMPLED_GATES} times per effect on pairs drawn from
	 * the recorded ones, for each gated metric: the share of REGRESSION calls with no
	 * change (the false alarms), half the limit (never wanted) and twice the limit
	 * (detection) added to the candidate's figures. Each replay stops by the metric's own
	 * rule, so the rates include the price of looking after every pair.
	 */
	public List<Resampled> resample(List<GatePair> pairs) {
		List<Resampled> rates = new ArrayList<>();
		if (pairs.size() < this.minPairs) {
			return rates;
		}
		for (Map.Entry<GateMetric, Double> gated : this.limits.entrySet()) {
			GateMetric metric = gated.getKey();
			double limit = gated.getValue();
			GateRule rule = new GateRule(this.minPairs, this.maxPairs, this.confidence, limit);
			List<Double> a = pairs.stream().map((pair) -> pair.baseline().value(metric)).toList();
			List<Double> b = pairs.stream().map((pair) -> pair.candidate().value(metric)).toList();
			// Centred on no change: the replay asks what the machine's noise does to a
			// change of known size, whatever this run's own change was.
			double centre = 1 + PairedChange.of(a, b, this.confidence).estimatePct() / 100;
			List<Double> centred = b.stream().map((value) -> value / centre).toList();
			for (double effect : List.of(0.0, limit / 2, limit * 2)) {
				Random random = new Random(42);
				int regressions = 0;
				int noChange = 0;
				for (int i = 0; i < RESAMPLED_GATES; i++) {
					GateCall call = rule.simulate(a, centred, effect, random);
					regressions += (call == GateCall.REGRESSION) ? 1 : 0;
					noChange += (call == GateCall.NO_CHANGE) ? 1 : 0;
				}
				rates.add(new Resampled(metric, effect, RESAMPLED_GATES, regressions, noChange));
			}
		}
		return rates;
	}

	private static double errorPct(List<GatePair> pairs, boolean baseline) {
		long requests = 0;
		long errors = 0;
		for (GatePair pair : pairs) {
			CaseFigures side = baseline ? pair.baseline() : pair.candidate();
			requests += side.requests();
			errors += side.errors();
		}
		return (requests == 0) ? 0 : 100.0 * errors / requests;
	}

	static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted().toList();
		int size = sorted.size();
		if (size == 0) {
			return 0;
		}
		return (size % 2 == 1) ? sorted.get(size / 2) : (sorted.get(size / 2 - 1) + sorted.get(size / 2)) / 2;
	}

	static String trim(double value) {
		return Numbers.trim(value, 1);
	}

	/**
	 * How the gate called a change of {@code effectPct} in {@code gates} replays.
	 *
	 * @param metric the metric replayed
	 * @param effectPct the change added to the candidate's figures
	 * @param gates replays
	 * @param regressions those called REGRESSION
	 * @param noChange those called NO CHANGE
	 */
	public record Resampled(GateMetric metric, double effectPct, int gates, int regressions, int noChange) {
	}

}
