package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.analysis.scaling.ScalePoint;
import dev.gatewaykit.bench.analysis.scaling.ScalingCurve;
import dev.gatewaykit.bench.model.Numbers;

/**
 * The scaling curve of a {@code --gateways} run: per mode and gateway count the TPS, its
 * speed-up over one gateway, and the bound that binds the point — the reason the curve
 * rises or lies flat.
 */
final class ScalingSection {

	private ScalingSection() {
	}

	/** The rows, or none without scale points. */
	static List<List<String>> rows(List<ScalingCurve> curves) {
		if (curves.isEmpty()) {
			return List.of();
		}
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("scaling", "gateways", "TPS", "× one", "p99 ms", "gateways' CPU µs/req", "machine busy",
				"bound", "bound by", "case"));
		for (ScalingCurve curve : curves) {
			for (ScalePoint point : curve.points()) {
				rows.add(List.of(curve.mode(), String.valueOf(point.gateways()),
						point.valid() ? Numbers.fixed(point.tps(), 1) : "INVALID", decimal(point.speedup(), 2, "×"),
						Numbers.fixed(point.p99Ms(), 0), decimal(point.gatewayCpuMicros(), 0, ""),
						decimal(point.machineBusyPct(), 0, " %"), point.formula(), point.boundBy(), point.dir()));
			}
		}
		return rows;
	}

	static String terminal(List<ScalingCurve> curves) {
		List<List<String>> rows = rows(curves);
		return rows.isEmpty() ? "" : TextTable.render(rows) + "\n";
	}

	static String html(List<ScalingCurve> curves) {
		List<List<String>> rows = rows(curves);
		if (rows.isEmpty()) {
			return "";
		}
		// Each mode against its own one-gateway TPS, in percent: on one axis of TPS a
		// CPU-bound mode's thousands flatten a thread-bound mode's doubling to a line.
		List<Integer> counts = curves.stream()
			.flatMap((curve) -> curve.points().stream())
			.map(ScalePoint::gateways)
			.distinct()
			.sorted()
			.toList();
		List<SvgChart.BarSeries> bars = new ArrayList<>();
		for (ScalingCurve curve : curves) {
			List<Double> values = new ArrayList<>();
			for (int count : counts) {
				values.add(curve.points()
					.stream()
					.filter((point) -> point.gateways() == count && point.speedup() != null)
					.map((point) -> point.speedup() * 100)
					.findFirst()
					.orElse(null));
			}
			bars.add(new SvgChart.BarSeries(curve.mode(), ModeColors.of(curve.mode()), values));
		}
		List<String> categories = counts.stream()
			.map((count) -> count + ((count == 1) ? " gateway" : " gateways"))
			.toList();
		return "<h2>Scaling: TPS against gateways</h2>\n<p>Each mode again with more gateways behind the one nginx "
				+ "upstream, the same load. A point rises with the instances while the bound that binds it is the "
				+ "gateways' own (threads, pools); it lies flat once a bound they share binds — the cores of this "
				+ "one machine, a backend, the injector. The chart sets each mode's TPS against its own with one "
				+ "gateway (100 %: twice as many gateways doing twice the work would be 200 %); the table gives "
				+ "each point's bound.</p>\n<div class=\"charts\">\n"
				+ SvgChart.bars("TPS against one gateway's", "% of one gateway's TPS", categories, bars) + "\n</div>\n"
				+ HtmlTable.render(rows);
	}

	private static String decimal(@Nullable Double value, int decimals, String unit) {
		return (value != null) ? Numbers.fixed(value, decimals) + unit : "-";
	}

}
