package dev.gatewaykit.bench.summary;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the gateway runs its blocking dependency calls, and so which pool of threads bounds
 * its throughput.
 * <p>
 * A bench mode name is one of these four, or one of the two profiles: {@code naive} (=
 * {@link #BLOCKING}) and {@code fixed} (= {@link #REACTIVE}).
 */
public enum ExecutionMode {

	/**
	 * Blocking Redis and HTTP calls straight on the Reactor Netty event loop: the
	 * original incident's bug.
	 */
	BLOCKING("blocking"),

	/**
	 * {@code publishOn(Schedulers.parallel())}, then the same blocking calls: the
	 * incident's fix, bound by cores.
	 */
	PUBLISH_ON("publish-on"),

	/**
	 * {@code subscribeOn(Schedulers.boundedElastic())}: bound by the elastic pool's size.
	 */
	BOUNDED_ELASTIC("bounded-elastic"),

	/** Nothing blocks: bound by the offered load and CPU, not by a thread count. */
	REACTIVE("reactive");

	private final String id;

	ExecutionMode(String id) {
		this.id = id;
	}

	@JsonValue
	public String id() {
		return this.id;
	}

	/** Whether a thread is held for the whole blocked time of each request. */
	public boolean threadBound() {
		return this != REACTIVE;
	}

	/**
	 * Resolves a bench mode name or a profile name.
	 * @throws IllegalArgumentException for anything else, naming the accepted values
	 */
	@JsonCreator
	public static ExecutionMode fromName(String name) {
		String normalized = name.trim().toLowerCase(Locale.ROOT);
		switch (normalized) {
			case "naive":
				return BLOCKING;
			case "fixed":
				return REACTIVE;
			default:
				for (ExecutionMode mode : values()) {
					if (mode.id.equals(normalized)) {
						return mode;
					}
				}
				throw new IllegalArgumentException("unknown mode '" + name
						+ "': expected naive, fixed, blocking, publish-on, bounded-elastic or reactive");
		}
	}

}
