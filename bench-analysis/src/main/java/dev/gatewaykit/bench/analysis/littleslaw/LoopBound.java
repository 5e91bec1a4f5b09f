package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * The event loops' bound of a mode that holds no loop while it waits (reactive, the plain
 * route, most gateways of users): the utilization law on the loops. Occupied a share
 * {@code U} of the time (running or blocked, from the wall-clock profile of the window)
 * while serving {@code X} requests a second, they could serve at most {@code X ÷ U},
 * fully occupied. A blocking mode's loops have Little's law on their hold time instead
 * ({@link LittlesLaw}).
 * <p>
 * On a machine with fewer cores than loops the occupied share counts the time a loop
 * waited for a core too (the wall-clock profile sees a runnable thread as running): the
 * bound is then low, never high, and the CPU bound is the one that binds.
 *
 * @param occupiedPct the loops' share of wall-clock samples not waiting for I/O, %
 * @param tps the requests a second the loops would carry fully occupied
 */
public record LoopBound(double occupiedPct, double tps) {

	/** Below this the share is too small to divide by: a few samples. */
	static final double MIN_OCCUPIED_PCT = 1;

	/**
	 * The bound of loops occupied {@code occupiedPct} % of the time while {@code tps}
	 * requests a second were served; null when either is too small to say.
	 */
	public static @Nullable LoopBound of(double tps, double occupiedPct) {
		if (!(tps > 0) || !(occupiedPct >= MIN_OCCUPIED_PCT) || occupiedPct > 100) {
			return null;
		}
		return new LoopBound(occupiedPct, tps * 100 / occupiedPct);
	}

	/** E.g. {@code loops 45 % occupied = 4590}. */
	public String formula() {
		return String.format(Locale.ROOT, "loops %.0f %% occupied = %d", this.occupiedPct, Math.round(this.tps));
	}

	/**
	 * {@code prediction} with this as its thread bound: in its place when lower (or when
	 * the prediction has none), otherwise named beside its formula.
	 */
	public Prediction bind(Prediction prediction) {
		return prediction.bound(this.tps, formula(), Prediction.THREADS).withThreadBound(this.tps);
	}

}
