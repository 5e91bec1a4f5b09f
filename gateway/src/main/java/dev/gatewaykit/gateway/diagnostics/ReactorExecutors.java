package dev.gatewaykit.gateway.diagnostics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Reactor's offload pools ({@code parallel}, {@code boundedElastic}, ...) as they stand:
 * threads running a task and tasks due and waiting for one, summed per scheduler.
 * <p>
 * Reactor gives no handle on a scheduler's executors, so {@link #track()} registers an
 * executor-service decorator that notes each one as the scheduler creates it (and hands
 * it back unchanged). Decorators apply only to executors created after them:
 * {@code parallel} creates all of its executors on first use, {@code boundedElastic} one
 * per worker as it needs them. {@link #track()} therefore runs at the very start of the
 * gateway's context (a static bean factory post-processor, before any bean can touch a
 * scheduler). The executors are held weakly: {@code boundedElastic} evicts idle workers,
 * and a shut-down executor is no longer counted.
 */
final class ReactorExecutors {

	private static final String DECORATOR_KEY = ReactorExecutors.class.getName();

	private static final Map<ScheduledThreadPoolExecutor, String> executors = Collections
		.synchronizedMap(new WeakHashMap<>());

	private ReactorExecutors() {
	}

	/**
	 * Starts noting the schedulers' executors, for the rest of the JVM's life (the
	 * decorator is global and costs nothing after an executor is created). Idempotent.
	 */
	static void track() {
		Schedulers.addExecutorServiceDecorator(DECORATOR_KEY, (scheduler, executor) -> {
			if (executor instanceof ScheduledThreadPoolExecutor pool) {
				executors.put(pool, schedulerName(scheduler));
			}
			return executor;
		});
	}

	/** The live executors' active threads and queued tasks, by scheduler name. */
	static Map<String, GatewaySecond.Executor> read() {
		List<Map.Entry<ScheduledThreadPoolExecutor, String>> live;
		synchronized (executors) {
			live = new ArrayList<>(executors.entrySet());
		}
		Map<String, int[]> counts = new TreeMap<>();
		for (Map.Entry<ScheduledThreadPoolExecutor, String> entry : live) {
			ScheduledThreadPoolExecutor pool = entry.getKey();
			if (pool.isShutdown()) {
				continue;
			}
			int[] count = counts.computeIfAbsent(entry.getValue(), (name) -> new int[2]);
			count[0] += pool.getActiveCount();
			count[1] += due(pool);
		}
		Map<String, GatewaySecond.Executor> result = new TreeMap<>();
		counts.forEach((name, count) -> result.put(name, new GatewaySecond.Executor(count[0], count[1])));
		return result;
	}

	/**
	 * Tasks due and waiting for a thread. A scheduled executor's queue also holds the
	 * timers not yet due ({@code Mono.timeout} puts one per request on {@code parallel}),
	 * which wait for their time, not for a thread.
	 */
	private static int due(ScheduledThreadPoolExecutor pool) {
		int due = 0;
		for (Runnable task : pool.getQueue()) {
			if (!(task instanceof Delayed delayed) || delayed.getDelay(TimeUnit.NANOSECONDS) <= 0) {
				due++;
			}
		}
		return due;
	}

	/**
	 * The name its threads are named after: Reactor's schedulers describe themselves as
	 * {@code parallel(2,"parallel")} or
	 * {@code boundedElastic("boundedElastic",maxThreads=20,...)}.
	 */
	static String schedulerName(Scheduler scheduler) {
		String description = scheduler.toString();
		int open = description.indexOf('"');
		int close = (open >= 0) ? description.indexOf('"', open + 1) : -1;
		if (close > open + 1) {
			return description.substring(open + 1, close);
		}
		int paren = description.indexOf('(');
		return (paren > 0) ? description.substring(0, paren) : description;
	}

}
