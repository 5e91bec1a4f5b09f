package dev.gatewaykit.gateway.actuate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/kit}: what the bench needs to explain a number — the execution mode
 * and the sizes of the thread pools it can be bound by — and a write operation that
 * switches the mode of the running gateway. It lives on the management port, which no
 * gateway route exposes.
 */
@Endpoint(id = "kit")
public class KitEndpoint {

	private final ModeSwitch modes;

	private final ReloadablePublicPaths publicPaths;

	private final String logStyle;

	private final Duration sessionTimeout;

	private final Duration relayTimeout;

	/**
	 * @param modes the mode in force, and the switch
	 * @param publicPaths the public paths in force
	 * @param logStyle the log style the gateway started with ({@code naive} or
	 * {@code fixed})
	 * @param sessionTimeout the longest the gateway waits for Redis
	 * @param relayTimeout the longest the gateway waits for a relay token
	 */
	public KitEndpoint(ModeSwitch modes, ReloadablePublicPaths publicPaths, String logStyle, Duration sessionTimeout,
			Duration relayTimeout) {
		this.modes = modes;
		this.publicPaths = publicPaths;
		this.logStyle = logStyle;
		this.sessionTimeout = sessionTimeout;
		this.relayTimeout = relayTimeout;
	}

	@ReadOperation
	public Map<String, Object> kit() {
		Map<String, Object> kit = new LinkedHashMap<>();
		kit.put("mode", this.modes.mode().id());
		// The bench's reports read the matcher under this name, from before the concept
		// was called public paths.
		kit.put("publicPathsMatcher", this.publicPaths.matcher().id());
		kit.put("publicPaths", this.publicPaths.patterns());
		kit.put("logStyle", this.logStyle);
		// Reactor Netty's default: max(cores, 4) event loops, shared by the server and
		// the proxy's client.
		kit.put("eventLoopThreads", LoopResources.DEFAULT_IO_WORKER_COUNT);
		kit.put("parallelThreads", Schedulers.DEFAULT_POOL_SIZE);
		kit.put("boundedElasticThreads", Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
		kit.put("boundedElasticQueue", Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE);
		kit.put("availableProcessors", Runtime.getRuntime().availableProcessors());
		kit.put("sessionTimeoutMs", this.sessionTimeout.toMillis());
		kit.put("relayTimeoutMs", this.relayTimeout.toMillis());
		return kit;
	}

	/** Switches the execution mode; answers the mode before and after. */
	@WriteOperation
	public Map<String, Object> switchMode(String mode) {
		ExecutionMode next;
		try {
			next = ExecutionMode.of(mode);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
		}
		ExecutionMode previous = this.modes.switchTo(next);
		return Map.of("previous", previous.id(), "mode", next.id());
	}

}
