package dev.gatewaykit.bench.analysis.summary;

import java.util.List;

import dev.gatewaykit.bench.model.Numbers;

/**
 * The run's headline beside the incident the kit reproduces: a gateway whose token-relay
 * filter called Redis and a token service synchronously on the Reactor Netty event loops
 * ran at 75 TPS with response times above 2 s; with the calls off the event loops (and
 * nginx keeping upstream connections alive) it ran at 1100 TPS with 200 ms.
 *
 * @param ratio fixed TPS ÷ naive TPS, {@code null} when the run has no valid pair
 * @param text the headline as printed in the terminal and the report
 * @param naive the naive profile's figures, {@code null} if not run
 * @param fixed the fixed profile's figures, {@code null} if not run
 * @param original the incident's figures
 */
public record Headline(Double ratio, String text, Side naive, Side fixed, Original original) {

	/** The incident's own figures. */
	public static final Original ORIGINAL = new Original(75, 1100, 2000, 200);

	/**
	 * One profile's figures.
	 *
	 * @param tps OK responses per second in the window
	 * @param valid whether the TPS may be quoted (errors within 1 %)
	 * @param meanMs mean response time of OK responses
	 * @param p99Ms 99th percentile
	 * @param errorPct failed requests in percent
	 */
	public record Side(double tps, boolean valid, double meanMs, double p99Ms, double errorPct) {

		static Side of(ModeSummary mode) {
			return new Side(mode.tps(), mode.valid(), mode.latencyMs().mean(), mode.latencyMs().p99(), mode.errorPct());
		}

	}

	/**
	 * The incident's figures: TPS before and after the fix, response time before ("2 s
	 * and more") and after.
	 */
	public record Original(double tpsBefore, double tpsAfter, double responseMsBefore, double responseMsAfter) {

		public double ratio() {
			return this.tpsAfter / this.tpsBefore;
		}

		String describe() {
			return "the original incident: " + Numbers.trim(this.tpsBefore, 0) + " → " + Numbers.trim(this.tpsAfter, 0)
					+ " TPS (" + Numbers.fixed(ratio(), 1) + "x), response time " + seconds(this.responseMsBefore)
					+ "+ → " + Numbers.trim(this.responseMsAfter, 0) + " ms";
		}

	}

	/** From the run's modes; the pair is {@code naive} and {@code fixed}, both valid. */
	public static Headline of(List<ModeSummary> modes) {
		ModeSummary naive = find(modes, "naive");
		ModeSummary fixed = find(modes, "fixed");
		Side naiveSide = (naive != null) ? Side.of(naive) : null;
		Side fixedSide = (fixed != null) ? Side.of(fixed) : null;
		// The pair and its validity rule are Ratio's; the headline only words it.
		Double ratio = Ratio.of(modes)
			.filter((pair) -> Ratio.FIXED_OVER_NAIVE.equals(pair.kind()))
			.map(Ratio::value)
			.orElse(null);
		String text;
		if (naive == null || fixed == null) {
			text = "no fixed/naive ratio: the run has " + ((naive != null) ? "no fixed" : "no naive") + " mode";
		}
		else if (ratio == null) {
			ModeSummary invalid = !naive.valid() ? naive : !fixed.valid() ? fixed : null;
			text = "no fixed/naive ratio: "
					+ ((invalid != null) ? invalid.mode() + " is INVALID (" + invalid.validity().reason() + ")"
							: "naive completed no request");
		}
		else {
			text = "fixed/naive = " + Numbers.fixed(ratio, 1) + "x: " + Numbers.fixed(naive.tps(), 1) + " → "
					+ Numbers.fixed(fixed.tps(), 1) + " TPS, mean response time " + seconds(naive.latencyMs().mean())
					+ " → " + Numbers.trim(fixed.latencyMs().mean(), 0) + " ms (p99 "
					+ Numbers.trim(fixed.latencyMs().p99(), 0) + " ms)";
		}
		return new Headline(ratio, text + "; " + ORIGINAL.describe(), naiveSide, fixedSide, ORIGINAL);
	}

	private static ModeSummary find(List<ModeSummary> modes, String name) {
		return modes.stream().filter((mode) -> mode.mode().equals(name)).findFirst().orElse(null);
	}

	private static String seconds(double ms) {
		return (ms >= 1000) ? Numbers.trim(ms / 1000, 1) + " s" : Numbers.trim(ms, 0) + " ms";
	}

}
