package dev.gatewaykit.gatewaymvc.actuate;

import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.metrics.ThreadCpu;
import dev.gatewaykit.gatewaymvc.identity.ResilientIdentityCalls;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The WebFlux gateway's per-request meters under the same names, so that the bench's
 * hold-time arithmetic reads both gateways alike:
 * <ul>
 * <li>{@code kit.requests}: authenticated requests (one session lookup each);</li>
 * <li>{@code kit.blocking.calls} ({@code call=session|relay}): wall time inside the
 * synchronous Redis and HTTP calls, which here every request makes;</li>
 * <li>{@code kit.thread.cpu} ({@code pool=tomcat|carrier}): CPU time of Tomcat's platform
 * request threads of the gateway's port ({@code mvc-platform}; not the management port's)
 * and of the virtual threads' carriers (the default scheduler's
 * {@code ForkJoinPool-N-worker-M}: {@code mvc-virtual}; a virtual thread's CPU is its
 * carrier's, and another non-common ForkJoinPool's workers would be counted with
 * them).</li>
 * </ul>
 */
public final class MvcKitMetrics implements MeterBinder {

	private static final Pattern CARRIER = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+");

	private final ResilientIdentityCalls calls;

	private final BlockingIdentityCalls blockingCalls;

	private final Supplier<String> tomcatThreadPrefix;

	private final ThreadCpu threadCpu = ThreadCpu.ofThisJvm();

	/**
	 * @param calls the calls that count session lookups
	 * @param blockingCalls the calls that time themselves
	 * @param tomcatThreadPrefix the name prefix of the gateway's Tomcat request threads
	 * (read at each scrape: known once Tomcat runs)
	 */
	public MvcKitMetrics(ResilientIdentityCalls calls, BlockingIdentityCalls blockingCalls,
			Supplier<String> tomcatThreadPrefix) {
		this.calls = calls;
		this.blockingCalls = blockingCalls;
		this.tomcatThreadPrefix = tomcatThreadPrefix;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		FunctionCounter.builder("kit.requests", this.calls, ResilientIdentityCalls::requests)
			.description("Authenticated requests (session lookups)")
			.register(registry);
		timer(registry, "session", this.blockingCalls.sessionCalls());
		timer(registry, "relay", this.blockingCalls.relayCalls());
		threadCpu(registry, "tomcat", (name) -> name.startsWith(this.tomcatThreadPrefix.get()));
		threadCpu(registry, "carrier", (name) -> CARRIER.matcher(name).matches());
	}

	private void threadCpu(MeterRegistry registry, String pool, Predicate<String> member) {
		FunctionCounter.builder("kit.thread.cpu", this.threadCpu, (cpu) -> cpu.seconds(pool, member))
			.baseUnit("seconds")
			.description("CPU time of the pool's threads (the live ones, plus the last seen time of those that ended)")
			.tag("pool", pool)
			.register(registry);
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
