package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.common.diagnostics.GatewaySecond;

/**
 * A connection pool's bound: Little's law on its connections. A pool of {@code N}
 * connections to one address, each held {@code W} seconds per request of the workload,
 * lends out at most {@code N ÷ W} a second. {@code W} comes from the pool's own gauges:
 * {@code L} connections lent out on average while {@code X} requests a second were served
 * hold each for {@code L ÷ X} (Little's law again), so the bound is {@code N · X ÷ L}.
 * <p>
 * Reactor Netty keeps a pool of {@code N} per remote address, and the gauges the kit
 * samples are summed over addresses: with the load on one address (mall-api, the relay
 * endpoint) the bound is exact; spread over several it is low, never high.
 *
 * @param pool the pool's name as the diagnostics report it ({@code mall-api},
 * {@code auth-service})
 * @param size its connections per remote address
 * @param heldMs the time a request held one of them
 * @param tps the requests a second the pool would carry with every connection lent out
 */
public record PoolBound(String pool, int size, double heldMs, double tps) {

	/**
	 * Below this many connections lent out on average the hold time is a few samples'
	 * noise (a pool used for logins only, outside the window).
	 */
	static final double MIN_MEAN_ACTIVE = 0.5;

	/**
	 * The lowest bound of the pools in {@code seconds} (the window's), served at
	 * {@code tps}; null when no pool reported its size or carried enough of the load to
	 * say.
	 */
	public static @Nullable PoolBound lowest(Collection<GatewaySecond> seconds, double tps) {
		if (seconds.isEmpty() || !(tps > 0)) {
			return null;
		}
		Map<String, long[]> pools = new TreeMap<>();
		for (GatewaySecond second : seconds) {
			second.pools().forEach((name, pool) -> {
				long[] sums = pools.computeIfAbsent(name, (key) -> new long[2]);
				sums[0] += pool.active();
				sums[1] = Math.max(sums[1], pool.max());
			});
		}
		PoolBound lowest = null;
		for (Map.Entry<String, long[]> pool : pools.entrySet()) {
			// A second without the pool had none of its connections lent out.
			double meanActive = pool.getValue()[0] / (double) seconds.size();
			int size = (int) pool.getValue()[1];
			if (size < 1 || meanActive < MIN_MEAN_ACTIVE) {
				continue;
			}
			PoolBound bound = new PoolBound(pool.getKey(), size, meanActive / tps * 1000, size * tps / meanActive);
			if (lowest == null || bound.tps < lowest.tps) {
				lowest = bound;
			}
		}
		return lowest;
	}

	/**
	 * The bound of {@code instances} gateways, each with this pool: as many connections
	 * again, each held as long. This bound is then one gateway's, read at its share of
	 * the load ({@link #lowest} given the whole rate ÷ the instances).
	 */
	public PoolBound across(int instances) {
		return new PoolBound(this.pool, this.size * instances, this.heldMs, this.tps * instances);
	}

	/** E.g. {@code auth-service pool 500 / 47.5 ms = 10526}. */
	public String formula() {
		return String.format(Locale.ROOT, "%s pool %d / %s ms = %d", this.pool, this.size, Numbers.trim(this.heldMs, 1),
				Math.round(this.tps));
	}

	/**
	 * {@code prediction}, or this bound in its place where it is lower or the prediction
	 * has none; a higher one is named beside the prediction's formula.
	 */
	public Prediction bind(Prediction prediction) {
		return prediction.bound(this.tps, formula(), Prediction.POOL);
	}

}
