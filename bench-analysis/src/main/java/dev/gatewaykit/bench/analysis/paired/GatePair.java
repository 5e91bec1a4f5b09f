package dev.gatewaykit.bench.analysis.paired;

/**
 * Two cases measured next to each other, one per side; in ABBA order the baseline runs
 * first in odd pairs and second in even ones, so a drift of the machine weighs on both
 * sides alike.
 *
 * @param index 1-based
 * @param baseline the baseline's case
 * @param candidate the candidate's case
 */
public record GatePair(int index, CaseFigures baseline, CaseFigures candidate) {

	/** Whether the baseline runs first in pair {@code index} (A B, B A, A B, …). */
	public static boolean baselineFirst(int index) {
		return index % 2 == 1;
	}

}
