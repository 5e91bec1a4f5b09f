package dev.gatewaykit.gatewaymvc.actuate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/kit} of the MVC gateway: the WebFlux gateway's answer where a fact
 * means the same thing here ({@code mode}, {@code publicPathsMatcher},
 * {@code publicPaths}, {@code availableProcessors}, {@code sessionTimeoutMs},
 * {@code relayTimeoutMs}), and in place of its Reactor pools the threads that can bind
 * this one: {@code tomcatThreads} (the platform pool's size, {@code null} on virtual
 * threads) and {@code carrierThreads} (the virtual threads' scheduler parallelism). The
 * mode is {@code mvc-virtual} or {@code mvc-platform}, read from Tomcat's running
 * executor. No write operation: the kind of thread is fixed when Tomcat starts.
 */
@Endpoint(id = "kit")
public class MvcKitEndpoint {

	private final Supplier<@Nullable Executor> requestExecutor;

	private final ReloadablePublicPaths publicPaths;

	private final Duration sessionTimeout;

	private final Duration relayTimeout;

	private final boolean pinCarriers;

	/**
	 * @param requestExecutor Tomcat's connector executor, read at each answer
	 * @param publicPaths the public paths in force
	 * @param sessionTimeout the longest the gateway waits for Redis
	 * @param relayTimeout the longest the gateway waits for a relay token
	 * @param pinCarriers whether the calls pin their carriers on purpose
	 * ({@code kit.gateway.pin-carriers})
	 */
	public MvcKitEndpoint(Supplier<@Nullable Executor> requestExecutor, ReloadablePublicPaths publicPaths,
			Duration sessionTimeout, Duration relayTimeout, boolean pinCarriers) {
		this.requestExecutor = requestExecutor;
		this.publicPaths = publicPaths;
		this.sessionTimeout = sessionTimeout;
		this.relayTimeout = relayTimeout;
		this.pinCarriers = pinCarriers;
	}

	@ReadOperation
	public Map<String, @Nullable Object> kit() {
		RequestThreads threads = RequestThreads.of(this.requestExecutor.get());
		int processors = Runtime.getRuntime().availableProcessors();
		Map<String, @Nullable Object> kit = new LinkedHashMap<>();
		kit.put("mode", threads.mode());
		kit.put("publicPathsMatcher", this.publicPaths.matcher().id());
		kit.put("publicPaths", this.publicPaths.patterns());
		kit.put("tomcatThreads", threads.platformThreads());
		// The JDK's default scheduler: as many carriers as processors unless set.
		kit.put("carrierThreads", Integer.getInteger("jdk.virtualThreadScheduler.parallelism", processors));
		kit.put("availableProcessors", processors);
		kit.put("sessionTimeoutMs", this.sessionTimeout.toMillis());
		kit.put("relayTimeoutMs", this.relayTimeout.toMillis());
		kit.put("pinCarriers", this.pinCarriers);
		return kit;
	}

}
