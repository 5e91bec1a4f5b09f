package dev.gatewaykit.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.knee.ColdStart;
import dev.gatewaykit.bench.analysis.knee.ColdStartReport;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;

class ColdStartPageTests {

	private static ColdStartReport report() {
		List<ColdStart.Second> warm = new ArrayList<>();
		List<ColdStart.Second> cold = new ArrayList<>();
		for (int second = 1; second <= 12; second++) {
			warm.add(new ColdStart.Second(second, 1000, 0, 0, 80));
			cold.add(new ColdStart.Second(second, 1000, (second <= 3) ? 500 : 0, (second <= 5) ? 300 : 0, 900));
		}
		return new ColdStartReport(2, "the load on the stack's CPUs",
				List.of(new ColdStart("fixed", 1333, 1000, "at most 1333 requests a second (bursts of 267)", 36.3,
						12_000, 0, 0, 1000, false, warm),
						new ColdStart("fixed-no-warm-up", 1333, 1000, "", 6.4, 12_000, 1500, 1500, 1000, true, cold)));
	}

	@Test
	void theTableShowsEachModesMinuteAndItsSecondsTenToARow() {
		String table = ColdStartPage.table(report());

		assertThat(table).startsWith("cold start: a fresh gateway of each mode offered its rate (75 % of its knee");
		assertThat(table)
			.containsPattern(
					"fixed\\s+1333/s\\s+1000/s\\s+36.3 s\\s+12 s\\s+12000\\s+0 \\(0.00 %\\)\\s+0\\s+second 1\\s+yes")
			.containsPattern(
					"fixed-no-warm-up\\s+1333/s\\s+1000/s\\s+6.4 s\\s+12 s \\(cut\\)\\s+12000\\s+1500 \\(12.50 %\\)\\s+1500\\s+"
							+ "second 4\\s+no")
			.contains("fixed, behind nginx's edge limit of at most 1333 requests a second (bursts of 267), errors % by "
					+ "second:")
			.contains("fixed-no-warm-up, errors % by second:")
			.contains("    1- 10 s: 50.0 50.0 50.0  0.0  0.0  0.0  0.0  0.0  0.0  0.0")
			.contains("  rest:       0.0  0.0");
	}

	@Test
	void writesTheJsonAndAPageWithTheAnswersChart(@TempDir Path dir) throws Exception {
		ColdStartPage.write(report(), dir);

		ColdStartReport read = BenchJson.read(dir.resolve(ColdStart.FILE), ColdStartReport.class);
		assertThat(read).isEqualTo(report());
		assertThat(Files.readString(dir.resolve(ColdStartPage.PAGE)))
			.contains("<h1>A fresh gateway at most of its knee</h1>")
			.contains("Answers a second, from the instant the gateway was healthy")
			.contains("fixed-no-warm-up errors/s");
	}

}
