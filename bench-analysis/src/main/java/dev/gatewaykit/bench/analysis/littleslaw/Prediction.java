package dev.gatewaykit.bench.analysis.littleslaw;

/**
 * The most a mode can do, next to which the measured TPS is shown: Little's law on its
 * threads or its offered load, or the cores' CPU bound, whichever is lowest.
 *
 * @param tps the predicted requests per second, {@code null} when nothing bounds it (no
 * blocked time, no thread counts)
 * @param formula the arithmetic behind it, as shown in the table, e.g.
 * {@code 4 loops / 53 ms = 75}
 * @param boundBy {@link #THREADS}, {@link #OFFERED_LOAD}, {@link #CPU}, {@link #POOL} or
 * {@link #NONE}
 * @param threadBound threads ÷ blocked time, {@code null} for a mode that holds no thread
 * while it waits
 * @param offeredBound what the injector can offer at that blocked time, {@code null} when
 * unbounded
 * @param holdTime the measured time a request held a thread of the binding pool,
 * {@code null} when the prediction rests on the injected latency alone
 */
public record Prediction(Double tps, String formula, String boundBy, Double threadBound, Double offeredBound,
		HoldTime holdTime) {

	public Prediction(Double tps, String formula, String boundBy, Double threadBound, Double offeredBound) {
		this(tps, formula, boundBy, threadBound, offeredBound, null);
	}

	/**
	 * This prediction with one more bound: in its place where lower (or where this has
	 * none), otherwise named beside this formula, so that the table shows the bounds that
	 * did not bind too.
	 */
	public Prediction bound(double value, String boundFormula, String by) {
		if (this.tps == null || value < this.tps) {
			return new Prediction(value, boundFormula, by, this.threadBound, this.offeredBound, this.holdTime);
		}
		return new Prediction(this.tps, this.formula + "; " + boundFormula, this.boundBy, this.threadBound,
				this.offeredBound, this.holdTime);
	}

	/** This prediction with {@code value} as its thread bound. */
	public Prediction withThreadBound(double value) {
		return new Prediction(this.tps, this.formula, this.boundBy, value, this.offeredBound, this.holdTime);
	}

	/** This prediction with {@code value} as its offered-load bound. */
	public Prediction withOfferedBound(double value) {
		return new Prediction(this.tps, this.formula, this.boundBy, this.threadBound, value, this.holdTime);
	}

	public static final String THREADS = "threads";

	public static final String OFFERED_LOAD = "offered load";

	/** The cores, by the CPU every process spends per request ({@link CpuBound}). */
	public static final String CPU = "cpu";

	/**
	 * A connection pool, by the time a request holds a connection ({@link PoolBound}).
	 */
	public static final String POOL = "pool";

	public static final String NONE = "none";

}
