package dev.gatewaykit.bench.analysis.repeat;

import java.util.List;
import java.util.Optional;

/**
 * Every repeat of one mode, in the order they ran, and the median and range of each
 * figure. Only valid repeats count towards the figures: an invalid repeat's TPS means
 * nothing.
 *
 * @param mode the mode name
 * @param runs the repeats
 * @param shown the directory of the repeat that stands for the mode in the report's
 * tables, charts and links (the one with the median TPS)
 */
public record ModeSamples(String mode, List<Sample> runs, String shown) {

	public ModeSamples {
		runs = List.copyOf(runs);
		if (runs.isEmpty()) {
			throw new IllegalArgumentException(mode + ": no runs");
		}
	}

	/** The samples, the first one shown. */
	public ModeSamples(String mode, List<Sample> runs) {
		this(mode, runs, runs.get(0).dir());
	}

	public List<Sample> valid() {
		return this.runs.stream().filter(Sample::valid).toList();
	}

	/**
	 * Whether every repeat is valid; the gate decides nothing on a mode with an invalid
	 * repeat.
	 */
	public boolean allValid() {
		return valid().size() == this.runs.size();
	}

	public Optional<Stat> tps() {
		return stat(valid().stream().map(Sample::tps).toList());
	}

	public Optional<Stat> p99Ms() {
		return stat(valid().stream().map(Sample::p99Ms).toList());
	}

	/** The gateway's CPU µs per request, over the valid repeats that measured it. */
	public Optional<Stat> gatewayCpuMicros() {
		return stat(valid().stream().flatMap((sample) -> sample.gatewayCpuMicros().stream()).toList());
	}

	private static Optional<Stat> stat(List<Double> values) {
		return values.isEmpty() ? Optional.empty() : Optional.of(Stat.of(values));
	}

}
