package dev.gatewaykit.bench.model;

/**
 * How long the load runs before the measured window opens.
 * <p>
 * {@code auto} (the default) waits for a steady state: the window opens once the mean OK
 * throughput of the last {@code stableSeconds} whole seconds is within
 * {@code tolerancePct} of the mean of the {@code stableSeconds} before them, but not
 * before {@code minSeconds} and at the latest after {@code maxSeconds} (the outcome then
 * says the throughput never settled). A fixed warm-up of five JVMs JIT-compiling on two
 * shared cores is either wasteful or too short: the fast mode kept climbing for a minute,
 * the blocked one is steady after seconds.
 *
 * @param auto whether the warm-up ends on a steady state ({@code false}: after exactly
 * {@code minSeconds})
 * @param minSeconds shortest warm-up (for a fixed warm-up, its length)
 * @param maxSeconds longest warm-up ({@code auto} only)
 * @param stableSeconds the length of each of the two spans compared
 * @param tolerancePct how far apart the two spans' means may be, in percent of the
 * earlier one
 */
public record Warmup(boolean auto, int minSeconds, int maxSeconds, int stableSeconds, double tolerancePct) {

	/**
	 * Ten seconds a span: with five, a JIT-compiling gateway on two shared cores showed
	 * short plateaus (a few seconds flat between two compilation bursts) that passed for
	 * a steady state and then doubled.
	 */
	public static final int STABLE_SECONDS = 10;

	public static final double TOLERANCE_PCT = 5;

	public Warmup {
		if (minSeconds < 0 || maxSeconds < minSeconds) {
			throw new IllegalArgumentException(
					"warm-up needs 0 <= min <= max seconds, was " + minSeconds + ".." + maxSeconds);
		}
		if (auto && (stableSeconds < 1 || minSeconds < 2 * stableSeconds)) {
			throw new IllegalArgumentException("an automatic warm-up compares two spans of " + stableSeconds
					+ " s, so it needs at least " + (2 * stableSeconds) + " s, was " + minSeconds);
		}
	}

	/** A warm-up of exactly {@code seconds}. */
	public static Warmup fixed(int seconds) {
		return new Warmup(false, seconds, seconds, STABLE_SECONDS, TOLERANCE_PCT);
	}

	/** Until steady (10 s against 10 s, within 5 %), from 20 s to {@code maxSeconds}. */
	public static Warmup untilSteady(int maxSeconds) {
		int min = 2 * STABLE_SECONDS;
		return new Warmup(true, min, Math.max(min, maxSeconds), STABLE_SECONDS, TOLERANCE_PCT);
	}

	/** The rule in words, for reports. */
	public String describe() {
		if (!this.auto) {
			return "fixed " + this.minSeconds + " s";
		}
		return "until the last " + this.stableSeconds + " s are within " + Numbers.trim(this.tolerancePct, 1)
				+ " % of the " + this.stableSeconds + " s before (" + this.minSeconds + "–" + this.maxSeconds + " s)";
	}

	/**
	 * Whether the warm-up may end after {@code completed} whole seconds.
	 * @param okPerSecond OK completions per second since the load started, index = second
	 * @param completed how many seconds of {@code okPerSecond} are complete
	 */
	public Decision decide(long[] okPerSecond, int completed) {
		return decide(okPerSecond, completed, true);
	}

	/**
	 * Likewise, steady only when the gateway's JIT compilers have settled too: a
	 * throughput plateau while they still compile is not the steady state.
	 * @param compilerSettled whether the gateway's compile time has stopped growing
	 */
	public Decision decide(long[] okPerSecond, int completed, boolean compilerSettled) {
		if (!this.auto) {
			return (completed >= this.minSeconds) ? Decision.FIXED : Decision.WAIT;
		}
		if (completed < this.minSeconds) {
			return Decision.WAIT;
		}
		double last = mean(okPerSecond, completed - this.stableSeconds, completed);
		double before = mean(okPerSecond, completed - 2 * this.stableSeconds, completed - this.stableSeconds);
		if (compilerSettled && before > 0 && Math.abs(last - before) * 100 / before <= this.tolerancePct) {
			return Decision.STEADY;
		}
		return (completed >= this.maxSeconds) ? Decision.GAVE_UP : Decision.WAIT;
	}

	/**
	 * The mean of {@code okPerSecond[from..to)}, seconds beyond the array counting as 0.
	 */
	public static double mean(long[] okPerSecond, int from, int to) {
		long sum = 0;
		for (int second = Math.max(0, from); second < to; second++) {
			sum += (second < okPerSecond.length) ? okPerSecond[second] : 0;
		}
		return (to > from) ? (double) sum / (to - from) : 0;
	}

	/** What {@link #decide} says. */
	public enum Decision {

		/** Keep warming up. */
		WAIT,

		/** The fixed warm-up is over. */
		FIXED,

		/** Steady: open the window. */
		STEADY,

		/** Not steady, but the longest warm-up is over: open the window and say so. */
		GAVE_UP;

		public boolean opens() {
			return this != WAIT;
		}

	}

}
