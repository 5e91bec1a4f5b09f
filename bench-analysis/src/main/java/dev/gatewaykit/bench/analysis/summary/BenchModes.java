package dev.gatewaykit.bench.analysis.summary;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

/**
 * The bench's mode names: the gateway's execution modes ({@link ExecutionMode}) and the
 * two profiles the kit ships as aliases of theirs, {@code naive} (=
 * {@link ExecutionMode#BLOCKING}) and {@code fixed} (= {@link ExecutionMode#REACTIVE}),
 * {@code vanilla}: the fixed gateway's plain route, without the kit's filters; and
 * gateway-mvc's two modes ({@link MvcMode}), which are not execution modes: another
 * gateway, whose threads no run-time switch changes.
 */
public final class BenchModes {

	/** Every name {@code ./kit bench --modes} takes. */
	public static final List<String> NAMES = List.of("naive", "fixed", "vanilla", "blocking", "publish-on",
			"bounded-elastic", "reactive", MvcMode.PLATFORM.id(), MvcMode.VIRTUAL.id());

	private BenchModes() {
	}

	/**
	 * The execution mode a bench mode name runs.
	 * @throws IllegalArgumentException for anything else, naming the accepted values (an
	 * MVC mode too: it runs no execution mode)
	 */
	public static ExecutionMode executionMode(String name) {
		String normalized = name.trim().toLowerCase(Locale.ROOT);
		return switch (normalized) {
			case "naive" -> ExecutionMode.BLOCKING;
			case "fixed", "vanilla" -> ExecutionMode.REACTIVE;
			default -> {
				if (MvcMode.isMvc(normalized)) {
					throw new IllegalArgumentException(
							"'" + name + "' is gateway-mvc's mode, not an execution mode of the WebFlux gateway");
				}
				try {
					yield ExecutionMode.of(normalized);
				}
				catch (IllegalArgumentException ex) {
					throw new IllegalArgumentException(
							"unknown mode '" + name + "': expected " + String.join(", ", NAMES));
				}
			}
		};
	}

	/** The MVC mode a bench mode name runs, if it names one. */
	public static Optional<MvcMode> mvcMode(String name) {
		String normalized = name.trim().toLowerCase(Locale.ROOT);
		return MvcMode.isMvc(normalized) ? Optional.of(MvcMode.of(normalized)) : Optional.empty();
	}

}
