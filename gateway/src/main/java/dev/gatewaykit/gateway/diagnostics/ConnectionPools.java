package dev.gatewaykit.gateway.diagnostics;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntBinaryOperator;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The HTTP client connection pools as Reactor Netty reports them
 * ({@code reactor.netty.connection.provider.*.connections} gauges, registered by pools
 * built with {@code metrics(true)}), summed over remote addresses per pool name, and the
 * pool's size: the largest per-address maximum, since each address has a pool of its own
 * of that size. Only pools that have opened a connection have gauges, so a pool the mode
 * does not use is absent.
 */
final class ConnectionPools {

	static final String ACTIVE = "reactor.netty.connection.provider.active.connections";

	static final String IDLE = "reactor.netty.connection.provider.idle.connections";

	static final String PENDING = "reactor.netty.connection.provider.pending.connections";

	static final String MAX = "reactor.netty.connection.provider.max.connections";

	/** Reactor Netty's tag for the pool's name. */
	static final String NAME_TAG = "name";

	private final MeterRegistry registry;

	private final Map<String, String> reportedNames;

	/**
	 * @param registry where Reactor Netty's gauges are
	 * @param reportedNames pool names to report under another name (the gateway's proxy
	 * pool is called after the backend the bench loads through it)
	 */
	ConnectionPools(MeterRegistry registry, Map<String, String> reportedNames) {
		this.registry = registry;
		this.reportedNames = Map.copyOf(reportedNames);
	}

	Map<String, GatewaySecond.Pool> read() {
		Map<String, int[]> counts = new TreeMap<>();
		add(counts, ACTIVE, 0, Integer::sum);
		add(counts, IDLE, 1, Integer::sum);
		add(counts, PENDING, 2, Integer::sum);
		add(counts, MAX, 3, Math::max);
		Map<String, GatewaySecond.Pool> pools = new TreeMap<>();
		counts
			.forEach((name, count) -> pools.put(name, new GatewaySecond.Pool(count[0], count[1], count[2], count[3])));
		return pools;
	}

	private void add(Map<String, int[]> counts, String gauge, int index, IntBinaryOperator merge) {
		for (Gauge pool : this.registry.find(gauge).gauges()) {
			String name = pool.getId().getTag(NAME_TAG);
			double value = pool.value();
			if (name == null || Double.isNaN(value)) {
				continue;
			}
			int[] count = counts.computeIfAbsent(this.reportedNames.getOrDefault(name, name), (key) -> new int[4]);
			count[index] = merge.applyAsInt(count[index], (int) Math.min(value, Integer.MAX_VALUE));
		}
	}

}
