package dev.gatewaykit.bench.analysis.summary;

import java.util.List;
import java.util.Locale;

import dev.gatewaykit.common.mode.ExecutionMode;

/**
 * The bench's mode names: the gateway's execution modes ({@link ExecutionMode}) and the
 * two profiles the kit ships as aliases of theirs, {@code naive} (=
 * {@link ExecutionMode#BLOCKING}) and {@code fixed} (= {@link ExecutionMode#REACTIVE}),
 * and {@code vanilla}: the fixed gateway's plain route, without the kit's filters.
 */
public final class BenchModes {

	/** Every name {@code ./kit bench --modes} takes. */
	public static final List<String> NAMES = List.of("naive", "fixed", "vanilla", "blocking", "publish-on",
			"bounded-elastic", "reactive");

	private BenchModes() {
	}

	/**
	 * The execution mode a bench mode name runs.
	 * @throws IllegalArgumentException for anything else, naming the accepted values
	 */
	public static ExecutionMode executionMode(String name) {
		String normalized = name.trim().toLowerCase(Locale.ROOT);
		return switch (normalized) {
			case "naive" -> ExecutionMode.BLOCKING;
			case "fixed", "vanilla" -> ExecutionMode.REACTIVE;
			default -> {
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

}
