package dev.gatewaykit.bench.analysis.knee;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One mode's knee.
 *
 * @param mode the profile or mode searched
 * @param kneeRate the highest rate that met the criteria, requests a second; 0 when none
 * did
 * @param perCore that rate over the machine's cores
 * @param resolved whether the lowest rate that failed lies within the resolution of it,
 * both held as often as the search asks ({@link KneeSearch#settled})
 * @param ended why the search ended
 * @param warmupSeconds how long the gateway was brought to the start rate before the
 * first step
 * @param steps the rates held, in the order they were
 */
public record KneeResult(String mode, double kneeRate, double perCore, boolean resolved, String ended,
		long warmupSeconds, List<KneeStep> steps) {

	public KneeResult {
		steps = List.copyOf(steps);
	}

	/**
	 * The last step that held the knee's rate and passed (a knee held twice: the later,
	 * warmer one); empty when no step passed.
	 */
	public Optional<KneeStep> kneeStep() {
		return this.steps.stream()
			.filter((s) -> s.passed() && s.offered() == this.kneeRate)
			.reduce((first, last) -> last);
	}

	/** The steps sorted by rate: the latency-against-rate curve. */
	public List<KneeStep> curve() {
		return this.steps.stream().sorted(Comparator.comparingDouble(KneeStep::offered)).toList();
	}

}
