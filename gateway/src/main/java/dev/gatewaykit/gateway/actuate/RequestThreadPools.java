package dev.gatewaykit.gateway.actuate;

import java.util.Map;
import java.util.function.Predicate;

import dev.gatewaykit.common.diagnostics.EventLoopThreads;
import dev.gatewaykit.common.diagnostics.SchedulerThreads;

/**
 * The pools a WebFlux mode can be bound by, by the tag {@code kit.thread.cpu} gives them
 * ({@link dev.gatewaykit.gateway.core.metrics.KitMeters}).
 */
public final class RequestThreadPools {

	/**
	 * Each pool's threads, by name: Reactor Netty's event loops (not its accepting
	 * thread, which serves no request), and Reactor's two schedulers.
	 */
	public static final Map<String, Predicate<String>> BY_TAG = Map.of("event-loop", EventLoopThreads::servesRequests,
			"parallel", SchedulerThreads::isParallel, "bounded-elastic", SchedulerThreads::isBoundedElastic);

	private RequestThreadPools() {
	}

}
