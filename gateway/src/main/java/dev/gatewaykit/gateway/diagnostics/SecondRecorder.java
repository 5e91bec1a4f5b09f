package dev.gatewaykit.gateway.diagnostics;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the gateway's gauges into one {@link GatewaySecond} per wall-clock second. Every
 * value is read directly (a histogram interval, a queue size, a meter's value), never
 * through a scrape. A value that cannot be read is logged once and reported empty for
 * that second; the others are still recorded.
 */
final class SecondRecorder {

	private static final Logger log = LoggerFactory.getLogger(SecondRecorder.class);

	private final EventLoopLagProbe lag;

	private final ConnectionPools pools;

	private final RedisCommands redis;

	private final Supplier<Map<String, GatewaySecond.Executor>> executors;

	private final RecentSeconds seconds;

	private final Set<String> failing = ConcurrentHashMap.newKeySet();

	SecondRecorder(EventLoopLagProbe lag, ConnectionPools pools, RedisCommands redis,
			Supplier<Map<String, GatewaySecond.Executor>> executors, RecentSeconds seconds) {
		this.lag = lag;
		this.pools = pools;
		this.redis = redis;
		this.executors = executors;
		this.seconds = seconds;
	}

	/** Records the second that has just ended. */
	void record(long epochSecond) {
		GatewaySecond second = new GatewaySecond(epochSecond,
				read("lag", this.lag::takeInterval, new GatewaySecond.Lag(0, 0, 0, 0)),
				read("pendingTasks", this.lag::pendingTasks, 0), read("pools", this.pools::read, Map.of()),
				read("redis", this.redis::takeInterval, new GatewaySecond.Commands(0, 0)),
				read("executors", this.executors, Map.of()));
		this.seconds.add(second);
	}

	/** Takes this second's intervals and drops them (a partial first second). */
	void skip() {
		read("lag", this.lag::takeInterval, new GatewaySecond.Lag(0, 0, 0, 0));
		read("redis", this.redis::takeInterval, new GatewaySecond.Commands(0, 0));
	}

	private <T> T read(String field, Supplier<T> reader, T empty) {
		try {
			return reader.get();
		}
		catch (RuntimeException ex) {
			if (this.failing.add(field)) {
				log.warn("Diagnostics cannot read {}; it is reported empty from now on while it fails", field, ex);
			}
			return empty;
		}
	}

}
