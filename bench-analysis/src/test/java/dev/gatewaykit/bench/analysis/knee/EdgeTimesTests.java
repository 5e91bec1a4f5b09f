package dev.gatewaykit.bench.analysis.knee;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class EdgeTimesTests {

	/** A line as the tuned template's {@code timed} format writes it. */
	private static String line(int status, String rt, String urt, String loggedAt) {
		return "127.0.0.1 - - [29/Nov/2026:14:36:58 +0000] \"GET /api/mall/products/7412 HTTP/1.1\" " + status
				+ " 178 \"-\" \"ReactorNetty/1.3.8\" rt=" + rt + " urt=" + urt + " uct="
				+ (urt.equals("-") ? "-" : "0.000") + " t=" + loggedAt;
	}

	@Test
	void aLineSaysItsStatusItsStartByNginxsClockAndWhetherAnUpstreamAnswered() {
		assertThat(EdgeTimes.Line.parse(line(200, "0.061", "0.060", "1796654218.500")))
			.contains(new EdgeTimes.Line(200, 1_796_654_218_439L, 61_000, true));
		assertThat(EdgeTimes.Line.parse(line(503, "0.000", "-", "1796654218.500")))
			.contains(new EdgeTimes.Line(503, 1_796_654_218_500L, 0, false));
		assertThat(EdgeTimes.Line.parse(line(503, "0.012", "0.010, 0.002", "1796654218.500")))
			.map(EdgeTimes.Line::upstream)
			.contains(true);
		assertThat(
				EdgeTimes.Line.parse("127.0.0.1 - - [29/Nov/2026:14:36:58 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"-\""))
			.as("the combined format, with no times")
			.isEmpty();
	}

	@Test
	void aWindowSplitsTheRefusalsByWhoMadeThem() {
		List<EdgeTimes.Line> lines = List.of(new EdgeTimes.Line(503, 1000, 0, false),
				new EdgeTimes.Line(503, 1100, 2000, false), new EdgeTimes.Line(503, 1200, 64_000, true),
				new EdgeTimes.Line(200, 1300, 120_000, true), new EdgeTimes.Line(200, 2000, 900_000, true),
				new EdgeTimes.Line(200, 999, 900_000, true));

		assertThat(EdgeTimes.of(lines, 1000, 2000)).isEqualTo(new EdgeTimes(4, 2, 2, 1, 64, 1, 120));
		assertThat(EdgeTimes.of(lines, 5000, 6000)).isEqualTo(new EdgeTimes(0, 0, 0, 0, 0, 0, 0));
	}

	@Test
	void readsTheRequestsBegunBetweenTwoInstants(@TempDir Path dir) throws Exception {
		Path log = dir.resolve("access.log");
		Files.write(log, List.of(line(200, "0.010", "0.010", "100.010"), line(503, "0.000", "-", "100.500"),
				"a line of another format", line(200, "0.010", "0.010", "101.010")));

		assertThat(EdgeTimes.read(log, 100_000, 101_000)).extracting(EdgeTimes.Line::startMs)
			.containsExactly(100_000L, 100_500L);
		assertThatExceptionOfType(UncheckedIOException.class)
			.isThrownBy(() -> EdgeTimes.read(dir.resolve("none.log"), 0, 1))
			.withMessageContaining("none.log");
	}

}
