package dev.gatewaykit.launcher.stack;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

/**
 * Which gateway to start: a profile ({@code naive} or {@code fixed}), an execution mode
 * alone, or a profile with its mode changed ({@code fixed:blocking}: the flip run, where
 * the mode is the only difference) — or one of {@code gateway-mvc}'s modes
 * ({@code mvc-platform}, {@code mvc-virtual}), which are its profiles of the same name
 * and take no mode: its threads are fixed when Tomcat starts.
 *
 * @param profile the Spring profile, if any
 * @param mode the execution mode that overrides the profile's, if any
 */
public record GatewaySelection(Optional<String> profile, Optional<String> mode) {

	public static final List<String> PROFILES = List.of("naive", "fixed");

	/** The module of the WebFlux gateway, whose jar runs the profiles and modes above. */
	public static final String WEBFLUX_MODULE = "gateway";

	/** The module of the MVC gateway, whose jar runs the {@link MvcMode}s. */
	public static final String MVC_MODULE = "gateway-mvc";

	/** The gateway's execution modes, by id. */
	public static final List<String> MODES = Arrays.stream(ExecutionMode.values()).map(ExecutionMode::id).toList();

	/**
	 * Parses {@code naive}, {@code fixed}, a mode, {@code PROFILE:MODE} or an MVC mode.
	 * @throws IllegalArgumentException naming what is accepted
	 */
	public static GatewaySelection parse(String selector) {
		int colon = selector.indexOf(':');
		String first = (colon < 0) ? selector : selector.substring(0, colon);
		Optional<String> mode = (colon < 0) ? Optional.empty() : Optional.of(selector.substring(colon + 1));
		if (MvcMode.isMvc(first)) {
			if (mode.isPresent()) {
				throw new IllegalArgumentException("'" + selector + "': " + first
						+ " is gateway-mvc's mode, fixed when Tomcat starts; it takes no execution mode");
			}
			return new GatewaySelection(Optional.of(first), Optional.empty());
		}
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
				+ String.join(", ", MODES) + ", PROFILE:MODE, or " + MvcMode.ids() + ")");
	}

	/** The MVC gateway's mode, when this selects one. */
	public Optional<MvcMode> mvcMode() {
		return this.profile.filter(MvcMode::isMvc).map(MvcMode::of);
	}

	/** The module whose jar this selection runs. */
	public String module() {
		return mvcMode().isPresent() ? MVC_MODULE : WEBFLUX_MODULE;
	}

}
