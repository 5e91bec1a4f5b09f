package dev.gatewaykit.gateway.actuate;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.gatewaykit.common.diagnostics.EventLoopThreads;
import dev.gatewaykit.common.diagnostics.SchedulerThreads;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.metrics.ThreadCpu;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The meters the bench needs to say how long a request holds a thread, measured rather
 * than assumed:
 * <ul>
 * <li>{@code kit.requests}: authenticated requests (one session lookup each);</li>
 * <li>{@code kit.blocking.calls} ({@code call=session|relay}): wall time the blocking
 * modes spend inside the synchronous Redis and HTTP calls;</li>
 * <li>{@code kit.thread.cpu} ({@code pool=event-loop|parallel|bounded-elastic}): CPU time
 * of the threads of each pool a mode can be bound by.</li>
 * </ul>
 * Between two scrapes, (blocked seconds + the binding pool's CPU seconds) ÷ requests is
 * the time one request holds one thread of that pool, and the pool's size divided by it
 * is the most the mode can do (Little's law). Both scrapes count from the same instant
 * inside the gateway, so a scrape that a blocked event loop answers late still gives
 * consistent per-request figures.
 */
public final class KitMetrics implements MeterBinder {

	/**
	 * The pools' threads, by name: Reactor Netty's event loops (not its accepting thread,
	 * which serves no request), and Reactor's two schedulers.
	 */
	static final Map<String, Predicate<String>> POOLS = Map.of("event-loop", EventLoopThreads::servesRequests,
			"parallel", SchedulerThreads::isParallel, "bounded-elastic", SchedulerThreads::isBoundedElastic);

	private final ModeSwitch modes;

	private final BlockingIdentityCalls blockingCalls;

	private final ThreadCpu threadCpu = ThreadCpu.ofThisJvm();

	public KitMetrics(ModeSwitch modes, BlockingIdentityCalls blockingCalls) {
		this.modes = modes;
		this.blockingCalls = blockingCalls;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		FunctionCounter.builder("kit.requests", this.modes, ModeSwitch::requests)
			.description("Authenticated requests (session lookups)")
			.register(registry);
		timer(registry, "session", this.blockingCalls.sessionCalls());
		timer(registry, "relay", this.blockingCalls.relayCalls());
		POOLS.forEach((pool, threads) -> FunctionCounter
			.builder("kit.thread.cpu", this.threadCpu, (cpu) -> cpu.seconds(pool, threads))
			.baseUnit("seconds")
			.description("CPU time of the pool's threads (the live ones, plus the last seen time of those that ended)")
			.tag("pool", pool)
			.register(registry));
	}

	private static void timer(MeterRegistry registry, String call, BlockingIdentityCalls.CallTimes times) {
		FunctionTimer
			.builder("kit.blocking.calls", times, BlockingIdentityCalls.CallTimes::count,
					BlockingIdentityCalls.CallTimes::totalSeconds, TimeUnit.SECONDS)
			.description("Wall time spent in the blocking modes' synchronous calls")
			.tag("call", call)
			.register(registry);
	}

}
