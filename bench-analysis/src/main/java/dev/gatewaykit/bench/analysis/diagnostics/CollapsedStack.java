package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of async-profiler's collapsed stacks: {@code thread;frame;...;leaf count}, the
 * thread as the root frame with the {@code threads} option.
 *
 * @param frames the frames, root first
 * @param count the samples with this stack
 */
record CollapsedStack(String[] frames, long count) {

	/** The stacks of {@code collapsed}; a line that is not one is skipped. */
	static List<CollapsedStack> parse(String collapsed) {
		List<CollapsedStack> stacks = new ArrayList<>();
		for (String line : collapsed.split("\n")) {
			int space = line.lastIndexOf(' ');
			if (space <= 0) {
				continue;
			}
			try {
				long count = Long.parseLong(line.substring(space + 1).trim());
				stacks.add(new CollapsedStack(line.substring(0, space).split(";"), count));
			}
			catch (NumberFormatException ex) {
				// Not a stack: a header or a stray line.
			}
		}
		return stacks;
	}

}
