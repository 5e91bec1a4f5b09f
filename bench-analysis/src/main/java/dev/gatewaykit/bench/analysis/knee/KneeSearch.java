package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The search for a mode's knee, after the shape of Envoy Nighthawk's adaptive load: the
 * rate doubles from the start while its steps pass; after the first step that fails it is
 * halved until one passes (when the start already failed); then the interval between the
 * highest rate that passed and the lowest that failed is bisected, geometrically, until
 * it is narrower than the resolution or the steps run out. The knee is the highest rate
 * that passed. One step is one window, so a step failed by a single hiccup ends the
 * growth early: the curve shows it.
 */
public final class KneeSearch {

	/** Each step of the growth phase doubles the rate. */
	static final double GROWTH = 2;

	public static final double DEFAULT_RESOLUTION = 0.05;

	public static final int DEFAULT_MAX_STEPS = 16;

	/** Below this rate there is nothing left to search. */
	static final double FLOOR = 1;

	private final double start;

	private final double maxRate;

	private final double resolution;

	private final int maxSteps;

	private final List<KneeStep> steps = new ArrayList<>();

	private double passed;

	private double failed = Double.POSITIVE_INFINITY;

	public KneeSearch(double start, double maxRate, double resolution, int maxSteps) {
		if (!(start >= FLOOR) || !(maxRate >= start) || !(resolution > 0) || maxSteps < 1) {
			throw new IllegalArgumentException(String.format(Locale.ROOT,
					"a knee search needs 1 <= start <= max rate, a resolution above 0 and a step; were %s, %s, %s, %d",
					start, maxRate, resolution, maxSteps));
		}
		// Whole requests a second: a fraction would let the search hold one rate again.
		this.start = Math.floor(start);
		this.maxRate = Math.floor(maxRate);
		this.resolution = resolution;
		this.maxSteps = maxSteps;
	}

	/** The next rate to hold, whole requests a second; empty when the search is over. */
	public OptionalDouble next() {
		if (this.steps.size() >= this.maxSteps) {
			return OptionalDouble.empty();
		}
		if (this.steps.isEmpty()) {
			return OptionalDouble.of(this.start);
		}
		if (this.failed == Double.POSITIVE_INFINITY) {
			return (this.passed >= this.maxRate) ? OptionalDouble.empty()
					: OptionalDouble.of(Math.min(Math.floor(this.passed * GROWTH), this.maxRate));
		}
		if (this.passed == 0) {
			double lower = Math.floor(this.failed / GROWTH);
			return (lower < FLOOR) ? OptionalDouble.empty() : OptionalDouble.of(lower);
		}
		if (resolved()) {
			return OptionalDouble.empty();
		}
		// Not resolved, so a whole rate is left between the two.
		return OptionalDouble.of(Math.max(Math.floor(Math.sqrt(this.passed * this.failed)), this.passed + 1));
	}

	/** Takes a held step's outcome into the search. */
	public void record(KneeStep step) {
		this.steps.add(step);
		if (step.passed()) {
			this.passed = Math.max(this.passed, step.offered());
		}
		else {
			this.failed = Math.min(this.failed, step.offered());
		}
	}

	/** The highest rate that passed; 0 when none did. */
	public double knee() {
		return this.passed;
	}

	/** The lowest rate that failed; infinite when none did. */
	public double lowestFailed() {
		return this.failed;
	}

	/**
	 * Whether the knee lies within the resolution of the lowest rate that failed, or no
	 * whole rate is left between them.
	 */
	public boolean resolved() {
		return this.passed > 0 && (this.failed / this.passed - 1 <= this.resolution || this.failed - this.passed <= 1);
	}

	/** Why the search ended, for the report; call once {@link #next} is empty. */
	public String ended() {
		if (this.passed == 0) {
			return String.format(Locale.ROOT, "no rate passed, down to %.0f/s",
					this.steps.isEmpty() ? this.start : this.steps.get(this.steps.size() - 1).offered());
		}
		if (this.failed == Double.POSITIVE_INFINITY) {
			return (this.passed >= this.maxRate)
					? String.format(Locale.ROOT, "every rate passed up to --max-rate %.0f/s: the knee is higher",
							this.maxRate)
					: String.format(Locale.ROOT, "every rate passed; --max-steps %d ended it", this.maxSteps);
		}
		return resolved()
				? String.format(Locale.ROOT, "resolved: %.0f/s passed, %.0f/s failed (within %.0f %%)", this.passed,
						this.failed, this.resolution * 100)
				: String.format(Locale.ROOT, "--max-steps %d ended it between %.0f/s (passed) and %.0f/s (failed)",
						this.maxSteps, this.passed, this.failed);
	}

	public List<KneeStep> steps() {
		return List.copyOf(this.steps);
	}

}
