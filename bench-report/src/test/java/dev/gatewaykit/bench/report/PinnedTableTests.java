package dev.gatewaykit.bench.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.diagnostics.PinnedCalls;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's table of an MVC case's pinned virtual threads. */
class PinnedTableTests {

	@Test
	void listsEachCallSiteWithWhyItPinnedAndForHowLong() {
		PinnedCalls pinned = new PinnedCalls(3, 121.5, 40.6,
				List.of(new PinnedCalls.Site("dev.gatewaykit.X.call:12", "Native or VM frame on stack",
						"LockSupport.park", 2, 81.0, 40.6, List.of("dev.gatewaykit.X.call:12")),
						new PinnedCalls.Site("io.lettuce.Y.<init>:3", null, null, 1, 40.5, 40.5, List.of())));

		String html = DiagnosticsSection.pinnedTable(pinned, 2, 81);

		assertThat(html).contains("pinned their carrier 3 times in the window, 121.5 ms in all, the longest 40.6 ms.")
			// 121.5 ms over 81 requests: 1.5 ms each; 2 carriers / 1.5 ms = 1333 a
			// second.
			.contains("Per request 1.50 ms pinned: 2 carriers / 1.50 ms = 1333 TPS at most, pinning alone.")
			.contains("<td>dev.gatewaykit.X.call:12</td><td class=\"text\">Native or VM frame on stack</td>"
					+ "<td class=\"text\">LockSupport.park</td><td>2</td><td>81.0</td><td>40.6</td>")
			// JDK 21 says neither why nor in what; the sites' names are escaped.
			.contains("<td>io.lettuce.Y.&lt;init&gt;:3</td><td class=\"text\"></td><td class=\"text\"></td><td>1</td>");
	}

	@Test
	void leavesTheBoundOutWhenTheCarriersAreUnknown() {
		PinnedCalls pinned = new PinnedCalls(1, 10, 10, List.of());

		assertThat(DiagnosticsSection.pinnedTable(pinned, null, 60)).doesNotContain("Per request");
	}

	@Test
	void saysSoWhenNothingPinned() {
		assertThat(DiagnosticsSection.pinnedTable(new PinnedCalls(0, 0, 0, List.of()), 2, 60))
			.isEqualTo("<p>JFR: no virtual thread pinned its carrier in the window.</p>\n");
	}

}
