package dev.gatewaykit.bench.analysis.summary;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * The headline: how many times faster the fix is than the bug.
 *
 * @param kind which pair this is: {@code fixed/naive}, or
 * {@code best non-blocking / worst blocking} when the run did not include both profiles
 * @param numerator the faster mode
 * @param denominator the slower mode
 * @param value numerator TPS ÷ denominator TPS
 */
public record Ratio(String kind, String numerator, String denominator, double value) {

	public static final String FIXED_OVER_NAIVE = "fixed/naive";

	public static final String BEST_OVER_WORST = "best non-blocking / worst blocking";

	/**
	 * {@code fixed/naive} when both are in the run and valid; otherwise the best valid
	 * non-blocking mode over the worst valid blocking one; empty when there is no such
	 * pair.
	 */
	public static Optional<Ratio> of(List<ModeSummary> all) {
		// A flip run is two modes in one window: its own before/after ratio is in the
		// flip section.
		List<ModeSummary> modes = all.stream().filter((mode) -> !ModeSummary.FLIP.equals(mode.mode())).toList();
		Map<String, ModeSummary> byName = modes.stream()
			.collect(Collectors.toMap(ModeSummary::mode, Function.identity(), (a, b) -> b));
		ModeSummary fixed = byName.get("fixed");
		ModeSummary naive = byName.get("naive");
		if (fixed != null && naive != null) {
			if (!fixed.valid() || !naive.valid() || naive.tps() <= 0) {
				return Optional.empty();
			}
			return Optional.of(new Ratio(FIXED_OVER_NAIVE, "fixed", "naive", fixed.tps() / naive.tps()));
		}
		Optional<ModeSummary> best = modes.stream()
			.filter(ModeSummary::valid)
			.filter((mode) -> mode.executionMode() != null && mode.executionMode() != ExecutionMode.BLOCKING)
			.max(Comparator.comparingDouble(ModeSummary::tps));
		Optional<ModeSummary> worst = modes.stream()
			.filter(ModeSummary::valid)
			.filter((mode) -> mode.executionMode() == ExecutionMode.BLOCKING && mode.tps() > 0)
			.min(Comparator.comparingDouble(ModeSummary::tps));
		if (best.isEmpty() || worst.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Ratio(BEST_OVER_WORST, best.get().mode(), worst.get().mode(),
				best.get().tps() / worst.get().tps()));
	}

	/** E.g. {@code fixed/naive = 14.7x (1102.3 / 75.1 TPS)}. */
	public String describe(List<ModeSummary> modes) {
		double top = tpsOf(modes, this.numerator);
		double bottom = tpsOf(modes, this.denominator);
		String pair = this.kind.equals(FIXED_OVER_NAIVE) ? this.kind
				: this.numerator + "/" + this.denominator + " (" + this.kind + "; no fixed+naive pair in this run)";
		return pair + " = " + Numbers.fixed(this.value, 1) + "x (" + Numbers.fixed(top, 1) + " / "
				+ Numbers.fixed(bottom, 1) + " TPS)";
	}

	private static double tpsOf(List<ModeSummary> modes, String name) {
		return modes.stream()
			.filter((mode) -> mode.mode().equals(name))
			.mapToDouble(ModeSummary::tps)
			.findFirst()
			.orElse(0);
	}

}
