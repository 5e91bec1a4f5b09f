package dev.gatewaykit.gateway.core.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * CPU seconds of a pool's threads, the pool told by its threads' names. A thread that
 * ends (bounded-elastic threads are evicted when idle, Tomcat's and the carriers' shrink)
 * keeps counting with the time last seen, so the counter never goes down. Only platform
 * threads: virtual threads are not in {@link ThreadMXBean}, their CPU is their carriers'.
 * Shared by both gateways' {@link KitMeters}, so that they count alike.
 */
public final class ThreadCpu {

	private final ThreadMXBean threads;

	private final Map<Long, Long> lastSeen = new HashMap<>();

	private final Map<String, Long> ended = new HashMap<>();

	private final Map<Long, String> poolOf = new HashMap<>();

	public ThreadCpu(ThreadMXBean threads) {
		this.threads = threads;
	}

	/** Over this JVM's threads. */
	public static ThreadCpu ofThisJvm() {
		return new ThreadCpu(ManagementFactory.getThreadMXBean());
	}

	/**
	 * @param pool the pool's name, under which ended threads are remembered (one test of
	 * membership per pool)
	 * @param member whether a thread of this name is one of the pool's
	 * @return the CPU seconds of the pool's live threads and of those seen before that
	 * ended
	 */
	public synchronized double seconds(String pool, Predicate<String> member) {
		Map<Long, Long> live = new HashMap<>();
		for (ThreadInfo info : this.threads.getThreadInfo(this.threads.getAllThreadIds(), 0)) {
			if (info == null || !member.test(info.getThreadName())) {
				continue;
			}
			long nanos = this.threads.getThreadCpuTime(info.getThreadId());
			if (nanos >= 0) {
				live.put(info.getThreadId(), nanos);
			}
		}
		this.poolOf.entrySet().removeIf((entry) -> {
			if (entry.getValue().equals(pool) && !live.containsKey(entry.getKey())) {
				this.ended.merge(pool, this.lastSeen.remove(entry.getKey()), Long::sum);
				return true;
			}
			return false;
		});
		live.forEach((id, nanos) -> {
			this.lastSeen.put(id, nanos);
			this.poolOf.put(id, pool);
		});
		long total = this.ended.getOrDefault(pool, 0L);
		for (long nanos : live.values()) {
			total += nanos;
		}
		return total / 1e9;
	}

}
