package dev.gatewaykit.gatewaymvc.actuate;

import java.util.concurrent.TimeUnit;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
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
 * synchronous Redis and HTTP calls, which here every request makes.</li>
 * </ul>
 * Not yet {@code kit.thread.cpu} with {@code pool=tomcat|carrier}.
 */
public final class MvcKitMetrics implements MeterBinder {

	private final ResilientIdentityCalls calls;

	private final BlockingIdentityCalls blockingCalls;

	public MvcKitMetrics(ResilientIdentityCalls calls, BlockingIdentityCalls blockingCalls) {
		this.calls = calls;
		this.blockingCalls = blockingCalls;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		FunctionCounter.builder("kit.requests", this.calls, ResilientIdentityCalls::requests)
			.description("Authenticated requests (session lookups)")
			.register(registry);
		timer(registry, "session", this.blockingCalls.sessionCalls());
		timer(registry, "relay", this.blockingCalls.relayCalls());
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
