package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The search for a mode's knee, after the shape of Envoy Nighthawk's adaptive load: the
 * rate doubles from the start while its steps pass; after the first step that fails it is
 * halved until one passes (when the start already failed); then the interval between the
 * highest rate that passed and the lowest that failed is bisected, geometrically, until
 * it is narrower than the resolution or the steps run out. The knee is the highest rate
 * that passed (with more than one hold, more often than it failed) below the lowest that
 * failed.
 * <p>
 * One hold of a rate is one window, and one window can be a hiccup either way: the same
 * build's single-hold searches found knees of 765 to 1600/s within two hours on the
 * shared 2-core box, a knee of 765/s after 800/s failed on one slow second and one of
 * 1600/s whose three quarters a fresh gateway could not hold (docs/overload.md, "A knee
 * held twice"). So before the search ends, the two rates that bound it are held again
 * until {@code holds} of their holds agree: the knee must pass that many times, the
 * lowest failure fail that many times. A rate whose holds disagree is held once more (the
 * majority decides), and one whose verdict turns moves the bound: the search goes on from
 * there, growing by √2 instead of doubling above a failure that turned.
 */
public final class KneeSearch {

	/** Each step of the growth phase doubles the rate. */
	static final double GROWTH = 2;

	public static final double DEFAULT_RESOLUTION = 0.05;

	/**
	 * Room for the bracketing (about 7 steps from 50/s), the bisection (about 4), the
	 * bounds held again until two holds agree (2 to 6), and a bound that turned: 20 ran
	 * out once the gateway, warmer by then, passed twice a rate it had failed early on.
	 */
	public static final int DEFAULT_MAX_STEPS = 24;

	/** Holds of each bound that must agree unless asked otherwise. */
	public static final int DEFAULT_HOLDS = 2;

	/** Below this rate there is nothing left to search. */
	static final double FLOOR = 1;

	private final double start;

	private final double maxRate;

	private final double resolution;

	private final int maxSteps;

	private final int holds;

	private final List<KneeStep> steps = new ArrayList<>();

	/** Each rate held, by rate: how many of its holds passed and failed. */
	private final TreeMap<Double, Holds> held = new TreeMap<>();

	public KneeSearch(double start, double maxRate, double resolution, int maxSteps, int holds) {
		if (!(start >= FLOOR) || !(maxRate >= start) || !(resolution > 0) || maxSteps < 1 || holds < 1) {
			throw new IllegalArgumentException(String.format(Locale.ROOT,
					"a knee search needs 1 <= start <= max rate, a resolution above 0, a step and a hold; were %s, %s, "
							+ "%s, %d, %d",
					start, maxRate, resolution, maxSteps, holds));
		}
		// Whole requests a second: a fraction would let the search hold one rate again
		// by accident.
		this.start = Math.floor(start);
		this.maxRate = Math.floor(maxRate);
		this.resolution = resolution;
		this.maxSteps = maxSteps;
		this.holds = holds;
	}

	/** The next rate to hold, whole requests a second; empty when the search is over. */
	public OptionalDouble next() {
		if (this.steps.size() >= this.maxSteps) {
			return OptionalDouble.empty();
		}
		if (this.steps.isEmpty()) {
			return OptionalDouble.of(this.start);
		}
		// A rate whose holds disagree has no verdict: held once more, before anything is
		// judged from it.
		for (Map.Entry<Double, Holds> rate : this.held.entrySet()) {
			if (rate.getValue().tied()) {
				return OptionalDouble.of(rate.getKey());
			}
		}
		double passed = knee();
		double failed = lowestFailed();
		if (failed == Double.POSITIVE_INFINITY) {
			// Just above a failure that turned into a pass the knee is near: a smaller
			// step, the bisection's first, where doubling again spent two steps far
			// above it. Above a rate that never failed, doubling as before.
			double growth = (this.held.get(passed).failures() > 0) ? Math.sqrt(GROWTH) : GROWTH;
			return (passed >= this.maxRate) ? again(passed, failed)
					: OptionalDouble.of(Math.min(Math.max(Math.floor(passed * growth), passed + 1), this.maxRate));
		}
		if (passed == 0) {
			double lower = Math.floor(failed / GROWTH);
			return (lower < FLOOR) ? OptionalDouble.empty() : OptionalDouble.of(lower);
		}
		if (resolved()) {
			return again(passed, failed);
		}
		// Not resolved, so a whole rate is left between the two.
		return OptionalDouble.of(Math.max(Math.floor(Math.sqrt(passed * failed)), passed + 1));
	}

	/**
	 * The bound held again, the knee first, while fewer than {@link #holds} of its holds
	 * agree; empty when both are settled.
	 */
	private OptionalDouble again(double passed, double failed) {
		if (this.held.get(passed).agreeing() < this.holds) {
			return OptionalDouble.of(passed);
		}
		if (failed != Double.POSITIVE_INFINITY && this.held.get(failed).agreeing() < this.holds) {
			return OptionalDouble.of(failed);
		}
		return OptionalDouble.empty();
	}

	/** Takes a held step's outcome into the search. */
	public void record(KneeStep step) {
		this.steps.add(step);
		this.held.merge(step.offered(), step.passed() ? new Holds(1, 0) : new Holds(0, 1), Holds::plus);
	}

	/**
	 * The highest rate that passed (more of its holds passed than failed) below the
	 * lowest that failed; 0 when none did.
	 */
	public double knee() {
		double failed = lowestFailed();
		return this.held.headMap(failed, false)
			.entrySet()
			.stream()
			.filter((rate) -> rate.getValue().passing())
			.mapToDouble(Map.Entry::getKey)
			.max()
			.orElse(0);
	}

	/** The lowest rate that failed (more of its holds failed); infinite when none did. */
	public double lowestFailed() {
		return this.held.entrySet()
			.stream()
			.filter((rate) -> rate.getValue().failing())
			.mapToDouble(Map.Entry::getKey)
			.min()
			.orElse(Double.POSITIVE_INFINITY);
	}

	/**
	 * Whether the knee lies within the resolution of the lowest rate that failed, or no
	 * whole rate is left between them.
	 */
	public boolean resolved() {
		double passed = knee();
		double failed = lowestFailed();
		return passed > 0 && (failed / passed - 1 <= this.resolution || failed - passed <= 1);
	}

	/**
	 * Whether the knee, and the lowest failure if any, were each held until enough
	 * agreed.
	 */
	public boolean settled() {
		double passed = knee();
		double failed = lowestFailed();
		return passed > 0 && this.held.get(passed).agreeing() >= this.holds
				&& (failed == Double.POSITIVE_INFINITY || this.held.get(failed).agreeing() >= this.holds);
	}

	/** Why the search ended, for the report; call once {@link #next} is empty. */
	public String ended() {
		double passed = knee();
		double failed = lowestFailed();
		if (passed == 0) {
			return String.format(Locale.ROOT, "no rate passed, down to %.0f/s",
					this.steps.isEmpty() ? this.start : this.steps.get(this.steps.size() - 1).offered());
		}
		String unsettled = settled() ? "" : ", before its bounds were held " + this.holds + " times" + tied();
		if (failed == Double.POSITIVE_INFINITY) {
			return (passed >= this.maxRate && settled())
					? String.format(Locale.ROOT,
							"every rate passed up to --max-rate %.0f/s (held%s): the knee is higher", this.maxRate,
							holdsOf(passed).isEmpty() ? " once" : holdsOf(passed))
					: String.format(Locale.ROOT, "every rate passed; --max-steps %d ended it%s", this.maxSteps,
							unsettled);
		}
		if (resolved() && settled()) {
			return String.format(Locale.ROOT, "resolved: %.0f/s passed%s, %.0f/s failed%s (within %.0f %%)", passed,
					holdsOf(passed), failed, holdsOf(failed), this.resolution * 100);
		}
		return String.format(Locale.ROOT, "--max-steps %d ended it between %.0f/s (passed%s) and %.0f/s (failed%s)%s",
				this.maxSteps, passed, holdsOf(passed), failed, holdsOf(failed), unsettled);
	}

	/** The rates whose holds disagreed when the steps ran out, if any. */
	private String tied() {
		List<String> tied = this.held.entrySet()
			.stream()
			.filter((rate) -> rate.getValue().tied())
			.map((rate) -> String.format(Locale.ROOT, "%.0f/s", rate.getKey()))
			.toList();
		return tied.isEmpty() ? "" : " (" + String.join(", ", tied) + " passed and failed as often)";
	}

	/** " 2 of 3 holds" when the rate was held more than once; nothing when once. */
	private String holdsOf(double rate) {
		Holds holds = this.held.get(rate);
		int all = holds.passes() + holds.failures();
		return (all == 1) ? "" : " " + holds.agreeing() + " of " + all + " holds";
	}

	public List<KneeStep> steps() {
		return List.copyOf(this.steps);
	}

	/** One rate's holds: how many passed, how many failed. */
	private record Holds(int passes, int failures) {

		Holds plus(Holds other) {
			return new Holds(this.passes + other.passes, this.failures + other.failures);
		}

		boolean passing() {
			return this.passes > this.failures;
		}

		boolean failing() {
			return this.failures > this.passes;
		}

		boolean tied() {
			return this.passes == this.failures;
		}

		/** The holds of its verdict. */
		int agreeing() {
			return Math.max(this.passes, this.failures);
		}

	}

}
