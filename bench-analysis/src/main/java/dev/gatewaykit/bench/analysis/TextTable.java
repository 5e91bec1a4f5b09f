package dev.gatewaykit.bench.analysis;

import java.util.List;

/** Left-aligned, space-padded columns for terminal output. */
public final class TextTable {

	private TextTable() {
	}

	/** Renders rows (the first is the header) with a rule under the header. */
	public static String render(List<List<String>> rows) {
		int columns = rows.stream().mapToInt(List::size).max().orElse(0);
		int[] widths = new int[columns];
		for (List<String> row : rows) {
			for (int i = 0; i < row.size(); i++) {
				widths[i] = Math.max(widths[i], row.get(i).length());
			}
		}
		StringBuilder out = new StringBuilder();
		for (int r = 0; r < rows.size(); r++) {
			List<String> row = rows.get(r);
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < row.size(); i++) {
				line.append(row.get(i));
				if (i < row.size() - 1) {
					line.append(" ".repeat(widths[i] - row.get(i).length() + 2));
				}
			}
			out.append(line.toString().stripTrailing()).append('\n');
			if (r == 0) {
				int total = 0;
				for (int width : widths) {
					total += width + 2;
				}
				out.append("-".repeat(Math.max(0, total - 2))).append('\n');
			}
		}
		return out.toString();
	}

}
