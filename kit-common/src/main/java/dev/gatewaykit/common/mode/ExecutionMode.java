package dev.gatewaykit.common.mode;

import java.util.Arrays;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where the gateway runs its two per-request dependency calls (load the session from
 * Redis, fetch the relay token from auth-service). Each mode does exactly the same calls;
 * only the threading differs.
 */
public enum ExecutionMode {

	/**
	 * Blocking calls straight on the Reactor Netty event loop: the bug of the production
	 * incident.
	 */
	BLOCKING("blocking"),

	/**
	 * The production incident's own fix: {@code publishOn(Schedulers.parallel())}, then
	 * the same blocking calls.
	 */
	PUBLISH_ON("publish-on"),

	/**
	 * The textbook offload: the blocking calls inside
	 * {@code subscribeOn(Schedulers.boundedElastic())}.
	 */
	BOUNDED_ELASTIC("bounded-elastic"),

	/** Non-blocking clients all the way: nothing waits on a thread. */
	REACTIVE("reactive");

	private final String id;

	ExecutionMode(String id) {
		this.id = id;
	}

	/**
	 * The name used in properties, the actuator endpoint and bench reports (and in JSON).
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/**
	 * Whether a thread is held for the whole blocked time of each request, so that the
	 * size of a pool bounds the throughput (Little's law).
	 */
	public boolean threadBound() {
		return this != REACTIVE;
	}

	@JsonCreator
	public static ExecutionMode of(String id) {
		for (ExecutionMode mode : values()) {
			if (mode.id.equalsIgnoreCase(id) || mode.name().equalsIgnoreCase(id)) {
				return mode;
			}
		}
		throw new IllegalArgumentException("unknown execution mode '" + id + "'; expected one of " + ids());
	}

	/** Every mode's id, for error messages. */
	public static String ids() {
		return Arrays.stream(values()).map(ExecutionMode::id).collect(Collectors.joining(", "));
	}

}
