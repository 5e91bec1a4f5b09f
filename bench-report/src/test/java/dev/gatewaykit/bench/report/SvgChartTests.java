package dev.gatewaykit.bench.report;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SvgChartTests {

	@Test
	void ticksAreRoundNumbersCoveringTheRange() {
		assertThat(SvgChart.niceTicks(0, 1100, 5)).containsExactly(0.0, 500.0, 1000.0, 1500.0);
		assertThat(SvgChart.niceTicks(-20, 60, 8)).containsExactly(-20.0, 0.0, 20.0, 40.0, 60.0);
		assertThat(SvgChart.niceTicks(-20, 60, 12)).containsExactly(-20.0, -10.0, 0.0, 10.0, 20.0, 30.0, 40.0, 50.0,
				60.0);
		assertThat(SvgChart.niceTicks(0, 0.9, 4)).containsExactly(0.0, 0.5, 1.0);
		assertThat(SvgChart.niceTicks(0, 0.3, 4)).containsExactly(0.0, 0.1, 0.2, 0.3);
	}

	@Test
	void aFlatRangeStillGetsTicks() {
		assertThat(SvgChart.niceTicks(5, 5, 5)).first().isEqualTo(5.0);
		assertThat(SvgChart.niceTicks(5, 5, 5)).hasSizeGreaterThan(1);
	}

	@Test
	void lineChartDrawsOnePolylinePerSeriesAndALegend() {
		String svg = SvgChart
			.line("TPS <over> time", "s", "TPS",
					List.of(SvgChart.Series.solid("naive", "#d62728", points(0, 75, 1, 74, 2, 76)),
							new SvgChart.Series("fixed predicted", "#17becf", points(0, 1100, 2, 1100), true, true)),
					0.0);

		assertThat(svg).startsWith("<svg").endsWith("</svg>");
		assertThat(count(svg, "<polyline")).isEqualTo(2);
		assertThat(svg).contains("stroke-dasharray=\"6 4\"", ">naive</text>", ">fixed predicted</text>");
		assertThat(count(svg, "<circle")).isEqualTo(2);
		assertThat(svg).contains("TPS &lt;over&gt; time").doesNotContain("<over>");
	}

	@Test
	void shadesTheWarmUp() {
		String svg = SvgChart.line("t", "s", "TPS", List.of(SvgChart.Series.solid("a", "red", points(-10, 1, 10, 2))),
				0.0);

		assertThat(svg).contains("fill=\"#eeeeee\"", ">warm-up</text>");
	}

	@Test
	void drawsAMarkerLineWithItsLabelAndTheBandAroundIt() {
		String svg = SvgChart
			.line("t", "s", "TPS", List.of(SvgChart.Series.solid("flip", "red", points(0, 75, 60, 1100))), 0.0, List
				.of(new SvgChart.Marker(30.06, "blocking → reactive (via actuator)", "#333333", false, 30.0, 34.0)));

		assertThat(count(svg, "class=\"marker\"")).isEqualTo(1);
		assertThat(svg).contains(">blocking → reactive (via actuator)</text>", "class=\"band\"");
		assertThat(svg).doesNotContain("stroke-dasharray=\"4 3\"");
	}

	@Test
	void aMarkerNearTheRightEdgeKeepsItsLabelInside() {
		String svg = SvgChart
			.line("t", "s", "TPS", List.of(SvgChart.Series.solid("a", "red", points(0, 1, 60, 2))), null, List
				.of(new SvgChart.Marker(58, "a long label that would not fit on the right", "#333", true, null, null)));

		assertThat(svg).contains("text-anchor=\"end\"", "stroke-dasharray=\"4 3\"").doesNotContain("class=\"band\"");
	}

	@Test
	void withoutMarkersThereIsNoMarkerLine() {
		String svg = SvgChart.line("t", "s", "TPS", List.of(SvgChart.Series.solid("a", "red", points(0, 1, 60, 2))),
				0.0);

		assertThat(svg).doesNotContain("class=\"marker\"", "class=\"band\"");
	}

	@Test
	void anEmptyChartSaysSo() {
		assertThat(SvgChart.line("t", "x", "y", List.of(), null)).contains(">no data</text>");
		assertThat(SvgChart.bars("t", "y", List.of(), List.of())).contains(">no data</text>");
	}

	@Test
	void barChartLabelsEveryBarAndSkipsMissingValues() {
		String svg = SvgChart.bars("Measured vs predicted", "TPS", List.of("naive", "fixed"),
				List.of(new SvgChart.BarSeries("measured", "#1f77b4", Arrays.asList(75.1, 1102.4)),
						new SvgChart.BarSeries("predicted", "#c7c7c7", Arrays.asList(75.5, null))));

		assertThat(count(svg, "<rect")).isEqualTo(3);
		assertThat(svg).contains(">75</text>", ">1102</text>", ">76</text>", ">naive</text>", ">fixed</text>");
	}

	private static List<SvgChart.Point> points(double... xy) {
		SvgChart.Point[] points = new SvgChart.Point[xy.length / 2];
		for (int i = 0; i < points.length; i++) {
			points[i] = new SvgChart.Point(xy[2 * i], xy[2 * i + 1]);
		}
		return List.of(points);
	}

	private static int count(String text, String needle) {
		return text.split(java.util.regex.Pattern.quote(needle), -1).length - 1;
	}

}
