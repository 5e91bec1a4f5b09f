package dev.gatewaykit.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.knee.KneeCriteria;
import dev.gatewaykit.bench.analysis.knee.KneeReport;
import dev.gatewaykit.bench.analysis.knee.KneeResult;
import dev.gatewaykit.bench.analysis.knee.KneeStep;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;

class KneePageTests {

	private static KneeReport report() {
		return report("");
	}

	private static KneeReport report(String edge) {
		// Held in search order: up, the failure, then the bisection.
		KneeResult fixed = new KneeResult("fixed", 1131, 565.5, true, "resolved: 1131/s passed, 1180/s failed", 42,
				List.of(new KneeStep(800, 8000, 0, 800, 2.1, 9.5, 61, true, false),
						new KneeStep(1600, 11200, 4000, 1200, 40, 1000, Double.NaN, false, true),
						new KneeStep(1131, 11310, 0, 1131, 2.5, 40, 80, true, false,
								new KneeStep.Cpu(529.3, 12.4, 90.1)),
						new KneeStep(1180, 11800, 30, 1177, 3, 260, 88, false, false)));
		KneeResult naive = new KneeResult("naive", 0, 0, false, "no rate passed, down to 1/s", 120,
				List.of(new KneeStep(1, 10, 10, 0, 0, 0, 5, false, false)));
		return new KneeReport(new KneeCriteria(200, 0.1), 2, KneeReport.SHARED, 5, 7, 10, 1, 50, edge,
				List.of(fixed, naive));
	}

	@Test
	void aSearchBehindAnEdgeLimitSaysSo() {
		assertThat(KneePage.table(report("at most 60 requests in progress")))
			.startsWith("knee: the highest open-model rate with p99 ≤ 200 ms, errors ≤ 0.1 %, on 2 cores, the load on "
					+ "the stack's CPUs, behind nginx's edge limit of at most 60 requests in progress\n");
	}

	@Test
	void theTableNamesEachKneeWithItsP99AndTheStepsByRate() {
		String table = KneePage.table(report());

		assertThat(table).startsWith("knee: the highest open-model rate with p99 ≤ 200 ms, errors ≤ 0.1 %, on 2 cores, "
				+ "the load on the stack's CPUs\n");
		assertThat(table).containsPattern("fixed\\s+1131/s\\s+566/s\\s+40 ms\\s+1131\\s+4\\s+resolved")
			.containsPattern("naive\\s+0/s\\s+0/s\\s+-\\s+-\\s+1\\s+no rate passed");
		String steps = table.substring(table.indexOf("fixed, its steps by rate:"));
		assertThat(steps.indexOf("1180/s")).as("sorted by rate, not in the order held")
			.isLessThan(steps.indexOf("1600/s"));
		assertThat(steps).containsPattern("1600/s\\s+1200\\s+40 ms\\s+≥ 1000 ms\\s+35.71 %\\s+-\\s+-\\s+-\\s+given up")
			.as("each request's CPU, the gateway's compiling apart")
			.containsPattern("1131/s\\s+1131\\s+2.5 ms\\s+40 ms\\s+0.00 %\\s+80 %\\s+529 \\(JIT 12\\)\\s+90\\s+passed");
	}

	@Test
	void writesTheJsonAndAPageWithBothCurves(@TempDir Path dir) throws Exception {
		KneePage.write(report(), dir);

		assertThat(BenchJson.readTree(dir.resolve(KneeReport.FILE)).path("results").get(0).path("kneeRate").asDouble())
			.isEqualTo(1131);
		String html = Files.readString(dir.resolve(KneePage.PAGE));
		assertThat(html).contains("<h1>The knee of each mode</h1>")
			.contains("p99 against the offered rate")
			.contains("2xx answers a second against the offered rate")
			.contains("fixed knee 1131")
			.contains("the rate ramped over 5 s, held 7 s, then a 10 s window")
			.contains("A p99 above 600 ms is drawn at 600 ms");
	}

}
