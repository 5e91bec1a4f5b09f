package dev.gatewaykit.gatewaymvc.actuate;

import java.util.concurrent.Executor;

import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.jspecify.annotations.Nullable;

import dev.gatewaykit.common.mode.MvcMode;

/**
 * The threads Tomcat runs requests on, read from its connector's executor rather than
 * from the profile's name: a virtual thread per request ({@code mvc-virtual}) or one of a
 * pool of platform threads ({@code mvc-platform}).
 *
 * @param mode {@code mvc-virtual} or {@code mvc-platform}
 * @param platformThreads the pool's maximum size; {@code null} on virtual threads (no
 * pool bounds them)
 */
public record RequestThreads(String mode, @Nullable Integer platformThreads) {

	/** The mode whose requests run on virtual threads. */
	public static final String VIRTUAL = MvcMode.VIRTUAL.id();

	/** The mode whose requests run on Tomcat's platform worker pool. */
	public static final String PLATFORM = MvcMode.PLATFORM.id();

	/**
	 * @param executor Tomcat's connector executor
	 * @throws IllegalStateException for an executor of another kind (the mode would be a
	 * guess)
	 */
	public static RequestThreads of(@Nullable Executor executor) {
		if (executor instanceof VirtualThreadExecutor) {
			return new RequestThreads(VIRTUAL, null);
		}
		if (executor instanceof ThreadPoolExecutor pool) {
			return new RequestThreads(PLATFORM, pool.getMaximumPoolSize());
		}
		throw new IllegalStateException(
				"Tomcat runs requests on " + ((executor != null) ? executor.getClass().getName() : "no executor")
						+ ", neither its VirtualThreadExecutor nor its ThreadPoolExecutor");
	}

}
