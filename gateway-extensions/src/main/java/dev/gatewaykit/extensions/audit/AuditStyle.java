package dev.gatewaykit.extensions.audit;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the {@code Audit} filter writes to Redis: its one argument ({@code Audit=blocking},
 * {@code Audit=reactive}).
 */
public enum AuditStyle {

	/** Synchronous writes in the filter, on the event loop: the mistake. */
	BLOCKING("blocking"),

	/** Reactive writes chained into the filter's {@code Mono}: the fix. */
	REACTIVE("reactive");

	private final String id;

	AuditStyle(String id) {
		this.id = id;
	}

	/** The name used in the filter's configuration. */
	public String id() {
		return this.id;
	}

	/**
	 * The style named {@code id} (case-insensitive).
	 * @throws IllegalArgumentException naming the allowed values, for any other
	 */
	public static AuditStyle of(String id) {
		for (AuditStyle style : values()) {
			if (style.id.equalsIgnoreCase(id)) {
				return style;
			}
		}
		throw new IllegalArgumentException("unknown Audit style '" + id + "'; expected one of " + ids());
	}

	/** Every style's id, for error messages. */
	public static String ids() {
		return Arrays.stream(values()).map(AuditStyle::id).collect(Collectors.joining(", "));
	}

}
