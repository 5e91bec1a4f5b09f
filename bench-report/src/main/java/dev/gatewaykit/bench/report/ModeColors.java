package dev.gatewaykit.bench.report;

import java.util.List;
import java.util.Map;

/**
 * One colour per mode, the same in every chart: red for the naive profile, green for the
 * reactive one.
 */
final class ModeColors {

	private static final Map<String, String> COLORS = Map.of("naive", "#d62728", "blocking", "#ff7f0e", "publish-on",
			"#9467bd", "bounded-elastic", "#1f77b4", "reactive", "#2ca02c", "fixed", "#17becf", "flip", "#8c564b",
			"ceiling", "#7f7f7f", "vanilla", "#e377c2");

	private static final List<String> SPARE = List.of("#bcbd22", "#393b79", "#637939");

	private ModeColors() {
	}

	static String of(String mode) {
		String color = COLORS.get(mode);
		return (color != null) ? color : SPARE.get(Math.floorMod(mode.hashCode(), SPARE.size()));
	}

}
