package dev.gatewaykit.bench.report;

import java.util.List;

/** A table of text cells as HTML, the first row its header. */
final class HtmlTable {

	private HtmlTable() {
	}

	static String render(List<List<String>> rows) {
		StringBuilder html = new StringBuilder("<table>\n<tr>");
		rows.get(0).forEach((cell) -> html.append("<th>").append(SvgChart.escape(cell)).append("</th>"));
		html.append("</tr>\n");
		for (List<String> row : rows.subList(1, rows.size())) {
			html.append("<tr>");
			row.forEach((cell) -> html.append("<td>").append(SvgChart.escape(cell)).append("</td>"));
			html.append("</tr>\n");
		}
		return html.append("</table>\n").toString();
	}

}
