package dev.gatewaykit.launcher.stack;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * Which gateway to start: a profile ({@code naive} or {@code fixed}), an execution mode
 * alone, or a profile with its mode changed ({@code fixed:blocking}: the flip run, where
 * the mode is the only difference).
 *
 * @param profile the Spring profile, if any
 * @param mode the execution mode that overrides the profile's, if any
 */
public record GatewaySelection(Optional<String> profile, Optional<String> mode) {

	public static final List<String> PROFILES = List.of("naive", "fixed");

	/** The gateway's execution modes, by id. */
	public static final List<String> MODES = Arrays.stream(ExecutionMode.values()).map(ExecutionMode::id).toList();

	/**
	 * Parses {@code naive}, {@code fixed}, a mode, or {@code PROFILE:MODE}.
	 * @throws IllegalArgumentException naming what is accepted
	 */
	public static GatewaySelection parse(String selector) {
		int colon = selector.indexOf(':');
		String first = (colon < 0) ? selector : selector.substring(0, colon);
		Optional<String> mode = (colon < 0) ? Optional.empty() : Optional.of(selector.substring(colon + 1));
		if (PROFILES.contains(first)) {
			mode.filter((m) -> !MODES.contains(m)).ifPresent((m) -> {
				throw new IllegalArgumentException(
						"unknown execution mode '" + m + "' (" + String.join(", ", MODES) + ")");
			});
			return new GatewaySelection(Optional.of(first), mode);
		}
		if (MODES.contains(first) && mode.isEmpty()) {
			return new GatewaySelection(Optional.empty(), Optional.of(first));
		}
		throw new IllegalArgumentException("unknown profile or mode '" + selector + "' (naive, fixed, "
				+ String.join(", ", MODES) + ", or PROFILE:MODE)");
	}

}
