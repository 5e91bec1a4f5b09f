package dev.gatewaykit.bench.analysis.littleslaw;

/**
 * The most a mode can do, next to which the measured TPS is shown: Little's law on its
 * threads or its offered load, or the cores' CPU bound, whichever is lowest.
 *
 * @param tps the predicted requests per second, {@code null} when nothing bounds it (no
 * blocked time, no thread counts)
 * @param formula the arithmetic behind it, as shown in the table, e.g.
 * {@code 4 loops / 53 ms = 75}
 * @param boundBy {@link #THREADS}, {@link #OFFERED_LOAD}, {@link #CPU} or {@link #NONE}
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

	public static final String THREADS = "threads";

	public static final String OFFERED_LOAD = "offered load";

	/** The cores, by the CPU every process spends per request ({@link CpuBound}). */
	public static final String CPU = "cpu";

	public static final String NONE = "none";

}
