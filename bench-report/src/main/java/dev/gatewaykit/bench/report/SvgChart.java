package dev.gatewaykit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.bench.model.Numbers;

/**
 * Inline SVG charts generated in Java, so {@code report.html} needs no script, no CDN and
 * no network: it opens the same from a CI artefact, an e-mail attachment or a laptop on a
 * plane.
 */
public final class SvgChart {

	static final int WIDTH = 640;

	static final int HEIGHT = 320;

	private static final int LEFT = 64;

	private static final int RIGHT = 16;

	/** Room for the title and two rows of legend. */
	private static final int TOP = 64;

	private static final int BOTTOM = 46;

	private SvgChart() {
	}

	/** One point of a line. */
	public record Point(double x, double y) {
	}

	/**
	 * One line of a line chart.
	 *
	 * @param name shown in the legend
	 * @param color any CSS colour
	 * @param points in x order
	 * @param dashed dashed line (predictions)
	 * @param markers a dot on each point (measurements)
	 */
	public record Series(String name, String color, List<Point> points, boolean dashed, boolean markers) {

		public Series {
			points = List.copyOf(points);
		}

		public static Series solid(String name, String color, List<Point> points) {
			return new Series(name, color, points, false, false);
		}

	}

	/**
	 * One set of bars, one bar per category.
	 *
	 * @param name shown in the legend
	 * @param color any CSS colour
	 * @param values one per category, {@code null} for no bar
	 */
	public record BarSeries(String name, String color, List<Double> values, List<Range> ranges) {

		public BarSeries(String name, String color, List<Double> values) {
			this(name, color, values, List.of());
		}

	}

	/**
	 * A bar's min–max whisker (the spread of repeated runs).
	 *
	 * @param min the lowest value
	 * @param max the highest value
	 */
	public record Range(double min, double max) {
	}

	/**
	 * A vertical line across the plot at {@code x} with a label at its top, e.g. the
	 * moment a mode was switched, and optionally a light band over
	 * {@code [bandFrom, bandTo]} (seconds left out of the figures around it).
	 *
	 * @param x where the line goes
	 * @param label shown beside the line's top
	 * @param color any CSS colour
	 * @param dashed dashed line (something that did not happen as planned)
	 * @param bandFrom start of the band, {@code null} for none
	 * @param bandTo end of the band
	 */
	public record Marker(double x, String label, String color, boolean dashed, Double bandFrom, Double bandTo) {
	}

	/**
	 * A line chart.
	 * @param shadeBelowX when not {@code null}, the area left of this x is shaded and
	 * labelled warm-up
	 */
	public static String line(String title, String xLabel, String yLabel, List<Series> series, Double shadeBelowX) {
		return line(title, xLabel, yLabel, series, shadeBelowX, List.of());
	}

	/**
	 * A line chart with vertical markers.
	 * @param shadeBelowX when not {@code null}, the area left of this x is shaded and
	 * labelled warm-up
	 * @param markers drawn over the lines
	 */
	public static String line(String title, String xLabel, String yLabel, List<Series> series, Double shadeBelowX,
			List<Marker> markers) {
		double xMin = Double.POSITIVE_INFINITY;
		double xMax = Double.NEGATIVE_INFINITY;
		double yMax = 0;
		for (Series s : series) {
			for (Point p : s.points()) {
				xMin = Math.min(xMin, p.x());
				xMax = Math.max(xMax, p.x());
				yMax = Math.max(yMax, p.y());
			}
		}
		StringBuilder svg = open(title);
		if (xMin > xMax) {
			return noData(svg);
		}
		if (xMin == xMax) {
			xMax = xMin + 1;
		}
		List<Double> xTicks = niceTicks(xMin, xMax, 8);
		List<Double> yTicks = niceTicks(0, (yMax > 0) ? yMax : 1, 5);
		Scale scale = new Scale(xTicks.get(0), xTicks.get(xTicks.size() - 1), 0, yTicks.get(yTicks.size() - 1));
		if (shadeBelowX != null && shadeBelowX > scale.x0) {
			double right = scale.x(Math.min(shadeBelowX, scale.x1));
			svg.append(String.format(Locale.ROOT,
					"<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#eeeeee\"/>"
							+ "<text x=\"%d\" y=\"%d\" class=\"note\">warm-up</text>",
					LEFT, TOP, right - LEFT, plotHeight(), LEFT + 4, TOP + 12));
		}
		for (Marker marker : markers) {
			if (marker.bandFrom() != null && marker.bandTo() != null && marker.bandTo() > marker.bandFrom()) {
				double left = scale.x(clamp(marker.bandFrom(), scale.x0, scale.x1));
				double right = scale.x(clamp(marker.bandTo(), scale.x0, scale.x1));
				svg.append(String.format(Locale.ROOT,
						"<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f4ece8\"/>",
						left, TOP, right - left, plotHeight()));
			}
		}
		axes(svg, scale, xTicks, yTicks, xLabel, yLabel);
		for (Series s : series) {
			if (s.points().isEmpty()) {
				continue;
			}
			StringBuilder coords = new StringBuilder();
			for (Point p : s.points()) {
				coords.append(String.format(Locale.ROOT, "%.1f,%.1f ", scale.x(p.x()), scale.y(p.y())));
			}
			svg.append("<polyline fill=\"none\" stroke=\"")
				.append(escape(s.color()))
				.append("\" stroke-width=\"2\"")
				.append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "")
				.append(" points=\"")
				.append(coords.toString().trim())
				.append("\"/>");
			if (s.markers()) {
				for (Point p : s.points()) {
					svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>",
							scale.x(p.x()), scale.y(p.y()), escape(s.color())));
				}
			}
		}
		for (Marker marker : markers) {
			marker(svg, scale, marker);
		}
		legend(svg, series.stream().map((s) -> new Legend(s.name(), s.color(), s.dashed())).toList());
		return svg.append("</svg>").toString();
	}

	private static void marker(StringBuilder svg, Scale scale, Marker marker) {
		double x = scale.x(clamp(marker.x(), scale.x0, scale.x1));
		svg.append(String.format(Locale.ROOT,
				"<line class=\"marker\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>",
				x, TOP, x, TOP + plotHeight(), escape(marker.color()),
				marker.dashed() ? " stroke-dasharray=\"4 3\"" : ""));
		// Beside the line, on the side with room for it; below the warm-up note.
		boolean roomOnTheRight = x + 8 + 6.5 * marker.label().length() <= WIDTH - RIGHT;
		svg.append(String.format(Locale.ROOT,
				"<text class=\"marker-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\" fill=\"%s\">%s</text>",
				roomOnTheRight ? x + 4 : x - 4, TOP + 26, roomOnTheRight ? "start" : "end", escape(marker.color()),
				escape(marker.label())));
	}

	private static double clamp(double value, double min, double max) {
		return Math.max(min, Math.min(max, value));
	}

	/**
	 * A grouped bar chart: for each category, one bar per series side by side, values
	 * written above the bars.
	 */
	public static String bars(String title, String yLabel, List<String> categories, List<BarSeries> series) {
		StringBuilder svg = open(title);
		double yMax = 0;
		for (BarSeries s : series) {
			for (Double value : s.values()) {
				if (value != null && Double.isFinite(value)) {
					yMax = Math.max(yMax, value);
				}
			}
			for (Range range : s.ranges()) {
				if (range != null && Double.isFinite(range.max())) {
					yMax = Math.max(yMax, range.max());
				}
			}
		}
		if (categories.isEmpty() || series.isEmpty()) {
			return noData(svg);
		}
		List<Double> yTicks = niceTicks(0, (yMax > 0) ? yMax : 1, 5);
		Scale scale = new Scale(0, categories.size(), 0, yTicks.get(yTicks.size() - 1));
		axes(svg, scale, List.of(), yTicks, null, yLabel);
		double slot = plotWidth() / (double) categories.size();
		double barWidth = Math.min(48, slot * 0.8 / series.size());
		for (int c = 0; c < categories.size(); c++) {
			double groupLeft = LEFT + c * slot + (slot - barWidth * series.size()) / 2;
			for (int s = 0; s < series.size(); s++) {
				Double value = (c < series.get(s).values().size()) ? series.get(s).values().get(c) : null;
				if (value == null || !Double.isFinite(value)) {
					continue;
				}
				double x = groupLeft + s * barWidth;
				double y = scale.y(value);
				svg.append(String.format(Locale.ROOT,
						"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>", x, y, barWidth - 2,
						TOP + plotHeight() - y, escape(series.get(s).color())));
				Range range = (c < series.get(s).ranges().size()) ? series.get(s).ranges().get(c) : null;
				double labelY = y;
				if (range != null) {
					double middle = x + (barWidth - 2) / 2;
					double low = scale.y(range.min());
					double high = scale.y(range.max());
					svg.append(String.format(Locale.ROOT,
							"<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" stroke=\"#222\" "
									+ "stroke-width=\"1.2\" fill=\"none\"/>",
							middle, low, high, middle - 5, low, middle + 5, middle - 5, high, middle + 5));
					labelY = Math.min(y, high);
				}
				svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" class=\"value\">%s</text>",
						x + (barWidth - 2) / 2, labelY - 3, escape(Numbers.trim(value, 0))));
			}
			svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\">%s</text>",
					LEFT + c * slot + slot / 2, TOP + plotHeight() + 16, escape(categories.get(c))));
		}
		legend(svg, series.stream().map((s) -> new Legend(s.name(), s.color(), false)).toList());
		return svg.append("</svg>").toString();
	}

	/**
	 * Round tick values covering {@code [min, max]}: steps of 1, 2 or 5 × 10ⁿ, about
	 * {@code target} of them.
	 */
	public static List<Double> niceTicks(double min, double max, int target) {
		if (!(max > min)) {
			max = min + 1;
		}
		double step = niceStep((max - min) / Math.max(1, target - 1));
		double start = Math.floor(min / step) * step;
		double end = Math.ceil(max / step) * step;
		List<Double> ticks = new ArrayList<>();
		for (int i = 0; start + i * step <= end + step * 1e-9; i++) {
			ticks.add(round(start + i * step, step));
		}
		return ticks;
	}

	static double niceStep(double rough) {
		double exponent = Math.floor(Math.log10(rough));
		double fraction = rough / Math.pow(10, exponent);
		double nice = (fraction <= 1) ? 1 : (fraction <= 2) ? 2 : (fraction <= 5) ? 5 : 10;
		return nice * Math.pow(10, exponent);
	}

	/** Removes floating-point dust (0.30000000000000004) at the step's precision. */
	private static double round(double value, double step) {
		double decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
		double factor = Math.pow(10, decimals);
		return Math.round(value * factor) / factor;
	}

	public static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

	private static StringBuilder open(String title) {
		StringBuilder svg = new StringBuilder();
		svg.append(String.format(Locale.ROOT,
				"<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
						+ "height=\"%d\" role=\"img\" aria-label=\"%s\">",
				WIDTH, HEIGHT, WIDTH, HEIGHT, escape(title)));
		svg.append("<title>").append(escape(title)).append("</title>");
		svg.append(
				String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", LEFT, escape(title)));
		return svg;
	}

	private static String noData(StringBuilder svg) {
		svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"note\">no data</text>", WIDTH / 2 - 20,
				HEIGHT / 2));
		return svg.append("</svg>").toString();
	}

	private static void axes(StringBuilder svg, Scale scale, List<Double> xTicks, List<Double> yTicks, String xLabel,
			String yLabel) {
		for (double tick : yTicks) {
			double y = scale.y(tick);
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
							+ "<text x=\"%d\" y=\"%.1f\" class=\"ytick\">%s</text>",
					LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4, escape(Numbers.trim(tick, 3))));
		}
		for (double tick : xTicks) {
			double x = scale.x(tick);
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"axis\"/>"
							+ "<text x=\"%.1f\" y=\"%d\" class=\"tick\">%s</text>",
					x, TOP + plotHeight(), x, TOP + plotHeight() + 4, x, TOP + plotHeight() + 16,
					escape(Numbers.trim(tick, 3))));
		}
		svg.append(String.format(Locale.ROOT,
				"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>"
						+ "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>",
				LEFT, TOP, LEFT, TOP + plotHeight(), LEFT, TOP + plotHeight(), WIDTH - RIGHT, TOP + plotHeight()));
		if (xLabel != null) {
			svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"label\">%s</text>",
					LEFT + plotWidth() / 2, HEIGHT - 8, escape(xLabel)));
		}
		if (yLabel != null) {
			svg.append(String.format(Locale.ROOT,
					"<text transform=\"translate(14 %d) rotate(-90)\" class=\"label\">%s</text>",
					TOP + plotHeight() / 2, escape(yLabel)));
		}
	}

	private record Legend(String name, String color, boolean dashed) {
	}

	/**
	 * Rows under the title, left to right, wrapping: a line sample (dashed for
	 * predictions), then the name.
	 */
	private static void legend(StringBuilder svg, List<Legend> entries) {
		int x = LEFT;
		int y = 36;
		for (Legend entry : entries) {
			int width = 22 + 7 * entry.name().length();
			if (x > LEFT && x + width > WIDTH - RIGHT) {
				x = LEFT;
				y += 15;
			}
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"%s/>"
							+ "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>",
					x, y - 4, x + 18, y - 4, escape(entry.color()), entry.dashed() ? " stroke-dasharray=\"5 3\"" : "",
					x + 22, y, escape(entry.name())));
			x += width + 14;
		}
	}

	private static int plotWidth() {
		return WIDTH - LEFT - RIGHT;
	}

	private static int plotHeight() {
		return HEIGHT - TOP - BOTTOM;
	}

	private record Scale(double x0, double x1, double y0, double y1) {

		double x(double value) {
			return LEFT + (value - this.x0) / (this.x1 - this.x0) * plotWidth();
		}

		double y(double value) {
			return TOP + plotHeight() - (value - this.y0) / (this.y1 - this.y0) * plotHeight();
		}

	}

}
