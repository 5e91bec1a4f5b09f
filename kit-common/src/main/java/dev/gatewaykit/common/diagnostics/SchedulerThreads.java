package dev.gatewaykit.common.diagnostics;

/**
 * Which of a gateway's threads are Reactor's two shared schedulers, by name: the pools
 * the offload modes move the identity calls to. One rule for the gateway's CPU meters and
 * the bench's thread dumps, as {@link EventLoopThreads} is for the event loops.
 */
public final class SchedulerThreads {

	/** The prefix of {@code Schedulers.parallel()}'s threads. */
	public static final String PARALLEL_PREFIX = "parallel-";

	/** The prefix of {@code Schedulers.boundedElastic()}'s threads. */
	public static final String BOUNDED_ELASTIC_PREFIX = "boundedElastic-";

	private SchedulerThreads() {
	}

	/**
	 * Whether the thread called {@code name} is one of {@code Schedulers.parallel()}'s.
	 */
	public static boolean isParallel(String name) {
		return name.startsWith(PARALLEL_PREFIX);
	}

	/**
	 * Whether the thread called {@code name} is one of
	 * {@code Schedulers.boundedElastic()}'s.
	 */
	public static boolean isBoundedElastic(String name) {
		return name.startsWith(BOUNDED_ELASTIC_PREFIX);
	}

}
