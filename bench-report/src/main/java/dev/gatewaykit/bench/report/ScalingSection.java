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
		List<SvgChart.Series> series = new ArrayList<>();
		for (ScalingCurve curve : curves) {
			String color = ModeColors.of(curve.mode());
			series.add(new SvgChart.Series(curve.mode(), color,
					curve.points()
						.stream()
						.filter(ScalePoint::valid)
						.map((point) -> new SvgChart.Point(point.gateways(), point.tps()))
						.toList(),
					false, true));
			series.add(new SvgChart.Series(curve.mode() + " bound", color,
					curve.points()
						.stream()
						.filter((point) -> point.boundTps() != null)
						.map((point) -> new SvgChart.Point(point.gateways(), point.boundTps()))
						.toList(),
					true, true));
		}
		return "<h2>Scaling: TPS against gateways</h2>\n<p>Each mode again with more gateways behind the one nginx "
				+ "upstream, the same load. A point rises with the instances while the bound that binds it is the "
				+ "gateways' own (threads, pools); it lies flat once a bound they share binds — the cores of this "
				+ "one machine, a backend, the injector. The dashed line is each point's bound.</p>\n"
				+ "<div class=\"charts\">\n" + SvgChart.line("TPS against gateways", "gateways", "TPS", series, null)
				+ "\n</div>\n" + HtmlTable.render(rows);
	}

	private static String decimal(@Nullable Double value, int decimals, String unit) {
		return (value != null) ? Numbers.fixed(value, decimals) + unit : "-";
	}

}
