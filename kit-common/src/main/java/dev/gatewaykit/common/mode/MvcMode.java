package dev.gatewaykit.common.mode;

import java.util.Arrays;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The threads {@code gateway-mvc} (Spring Cloud Gateway Server MVC on Tomcat) runs each
 * request on, blocking calls and all.
 * <p>
 * Not more {@link ExecutionMode}s: those are the WebFlux gateway's run-time switch
 * ({@code kit.gateway.mode}, flipped while it serves), each naming where that gateway
 * moves its blocking calls off an event loop. An MVC gateway has no event loop and no
 * switch: the kind of thread is fixed when Tomcat starts, by a Spring profile of the same
 * name, and the request holds that thread from the first byte to the last. Mixing the two
 * in one enum would let {@code kit.gateway.mode=mvc-virtual} reach the WebFlux gateway.
 */
public enum MvcMode {

	/**
	 * Tomcat's pool of platform worker threads (200 by default), one per request for its
	 * whole time: the classic thread-per-request bound, threads ÷ hold time.
	 */
	PLATFORM("mvc-platform"),

	/**
	 * A virtual thread per request ({@code spring.threads.virtual.enabled=true}): a
	 * thread that waits unmounts from its carrier, so no pool bounds it, unless it pins.
	 */
	VIRTUAL("mvc-virtual");

	private final String id;

	MvcMode(String id) {
		this.id = id;
	}

	/**
	 * The name of the mode everywhere: the bench mode, gateway-mvc's Spring profile and
	 * the {@code mode} its {@code /actuator/kit} answers (and in JSON).
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Whether a pool's size bounds the throughput (Little's law): Tomcat's platform
	 * threads do; virtual threads, like the reactive mode, leave the CPU to bind.
	 */
	public boolean threadBound() {
		return this == PLATFORM;
	}

	/** Whether {@code id} names an MVC mode. */
	public static boolean isMvc(String id) {
		return Arrays.stream(values()).anyMatch((mode) -> mode.id.equals(id));
	}

	/**
	 * @throws IllegalArgumentException for anything but a mode's id, naming them
	 */
	@JsonCreator
	public static MvcMode of(String id) {
		return Arrays.stream(values())
			.filter((mode) -> mode.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown MVC mode '" + id + "'; expected one of " + ids()));
	}

	/** Every mode's id, for error messages. */
	public static String ids() {
		return Arrays.stream(values()).map(MvcMode::id).collect(Collectors.joining(", "));
	}

}
