package dev.gatewaykit.common.diagnostics;

import java.util.Map;

/**
 * One wall-clock second of the gateway's runtime.
 *
 * @param epochSecond the second (UTC epoch seconds) the values describe
 * @param lag how late a no-op scheduled on the event loops ran, over the probes of this
 * second (all {@code reactor-http-*} loops together)
 * @param pendingTasks tasks queued on the event loops at the end of the second, summed
 * over the loops (what Reactor Netty reports as
 * {@code reactor.netty.eventloop.pending.tasks})
 * @param pools connection pools by name ({@code mall-api}, {@code auth-service}) at the
 * end of the second; a pool the mode does not use is absent
 * @param redis the Redis commands that completed in this second
 * @param executors offload pools by scheduler name ({@code parallel},
 * {@code boundedElastic}) at the end of the second; absent until the mode first uses one
 */
public record GatewaySecond(long epochSecond, Lag lag, int pendingTasks, Map<String, Pool> pools, Commands redis,
		Map<String, Executor> executors) {

	public GatewaySecond {
		pools = Map.copyOf(pools);
		executors = Map.copyOf(executors);
	}

	/**
	 * Event-loop scheduling lag in microseconds.
	 *
	 * @param probes probes that completed in the second (0: no probe ran, the loops were
	 * blocked the whole second or the probe is off)
	 * @param p50Micros median lag
	 * @param p99Micros 99th percentile
	 * @param maxMicros the largest lag
	 */
	public record Lag(int probes, long p50Micros, long p99Micros, long maxMicros) {
	}

	/**
	 * A connection pool.
	 *
	 * @param active connections lent out
	 * @param idle connections open and free
	 * @param pending acquisitions waiting for a connection
	 * @param max the most connections the pool opens to one remote address (its size;
	 * Reactor Netty keeps one pool per address), 0 when not reported
	 */
	public record Pool(int active, int idle, int pending, int max) {

		/** A pool whose size was not reported (records from before it was). */
		public Pool(int active, int idle, int pending) {
			this(active, idle, pending, 0);
		}

	}

	/**
	 * Commands completed in a second.
	 *
	 * @param count how many completed
	 * @param meanMicros their mean latency (0 when none completed)
	 */
	public record Commands(long count, long meanMicros) {
	}

	/**
	 * An offload pool (a scheduler's executors together).
	 *
	 * @param active threads running a task
	 * @param queued tasks waiting for a thread
	 */
	public record Executor(int active, int queued) {
	}

}
