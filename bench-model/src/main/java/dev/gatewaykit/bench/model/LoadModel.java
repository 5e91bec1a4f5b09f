package dev.gatewaykit.bench.model;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The two ways the injector offers load. */
public enum LoadModel {

	/** N virtual users each loop request after request, like JMeter thread groups. */
	CLOSED,

	/**
	 * New requests arrive at a constant rate whatever the latency, like real users on a
	 * website.
	 */
	OPEN;

	@JsonValue
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	@JsonCreator
	public static LoadModel fromName(String name) {
		return switch (name.trim().toLowerCase(Locale.ROOT)) {
			case "closed" -> CLOSED;
			case "open" -> OPEN;
			default -> throw new IllegalArgumentException("unknown model '" + name + "': expected closed or open");
		};
	}

}
