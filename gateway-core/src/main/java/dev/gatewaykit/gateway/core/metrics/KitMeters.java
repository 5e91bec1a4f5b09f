package dev.gatewaykit.gateway.core.metrics;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The meters the bench needs to say how long a request holds a thread, measured rather
 * than assumed, under the same names in both gateways:
 * <ul>
 * <li>{@code kit.requests}: authenticated requests (one session lookup each);</li>
 * <li>{@code kit.blocking.calls} ({@code call=session|relay}): wall time inside the
 * synchronous Redis and HTTP calls;</li>
 * <li>{@code kit.thread.cpu} ({@code pool=…}): CPU time of the threads of each pool a
 * mode can be bound by (the WebFlux gateway's event loops and Reactor's schedulers, the
 * MVC gateway's Tomcat threads and virtual threads' carriers).</li>
 * </ul>
 * Between two scrapes, (blocked seconds + the binding pool's CPU seconds) ÷ requests is
 * the time one request holds one thread of that pool, and the pool's size divided by it
 * is the most the mode can do (Little's law). Both scrapes count from the same instant
 * inside the gateway, so a scrape that a blocked thread answers late still gives
 * consistent per-request figures.
 */
public final class KitMeters implements MeterBinder {

	private final LongSupplier requests;

	private final BlockingIdentityCalls blockingCalls;

	private final Map<String, Predicate<String>> pools;

	private final ThreadCpu threadCpu = ThreadCpu.ofThisJvm();

	/**
	 * @param requests the authenticated requests so far
	 * @param blockingCalls the calls that time themselves
	 * @param pools each pool's threads, by their names, under the pool's tag
	 */
	public KitMeters(LongSupplier requests, BlockingIdentityCalls blockingCalls, Map<String, Predicate<String>> pools) {
		this.requests = requests;
		this.blockingCalls = blockingCalls;
		this.pools = Map.copyOf(pools);
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		// The meters hold their state weakly; this binder, a bean, holds it strongly.
		FunctionCounter.builder("kit.requests", this.requests, LongSupplier::getAsLong)
			.description("Authenticated requests (session lookups)")
			.register(registry);
		timer(registry, "session", this.blockingCalls.sessionCalls());
		timer(registry, "relay", this.blockingCalls.relayCalls());
		this.pools.forEach((pool, threads) -> FunctionCounter
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
