package dev.gatewaykit.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.knee.EdgeTimes;
import dev.gatewaykit.bench.analysis.knee.OverloadReport;
import dev.gatewaykit.bench.analysis.knee.OverloadResult;
import dev.gatewaykit.bench.analysis.knee.OverloadStep;
import dev.gatewaykit.bench.analysis.knee.Recovery;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;

class OverloadPageTests {

	private static final Map<String, OverloadStep.Waiting> WAITING = waiting();

	private static Map<String, OverloadStep.Waiting> waiting() {
		Map<String, OverloadStep.Waiting> waiting = new LinkedHashMap<>();
		waiting.put("gateway", new OverloadStep.Waiting(3.7, 1.5));
		waiting.put("nginx", new OverloadStep.Waiting(0.7, 0.9));
		waiting.put(OverloadStep.LOAD, new OverloadStep.Waiting(1.2, Double.NaN));
		return waiting;
	}

	private static OverloadReport report() {
		OverloadResult admitted = new OverloadResult("fixed+admission", 1200, 80, 150, 0,
				List.of(new OverloadStep(1, 1200, 12_000, 12_000, 1200, 60, 80, 0, 0, 300, Map.of(), 0, 180,
						List.of("relay: closed", "sessions: closed"), 0, 97, 500, 300, false,
						new EdgeTimes(12_000, 0, 0, 0, 0, 0, 0), WAITING),
						new OverloadStep(2, 2400, 24_000, 11_000, 1100, 70, 150, 13_000, 4, 900, Map.of("503", 13_000L),
								12_900, 110, List.of("relay: closed", "sessions: open"), 2, 97, 500, 300, false,
								new EdgeTimes(24_000, 100, 1, 12_900, 60, 11_000, 140), WAITING)),
				new Recovery(600, 15, 9000, 30, 1.2));
		OverloadResult naive = new OverloadResult("naive", 60, 190, 0, 55,
				List.of(new OverloadStep(1, 60, 600, 600, 60, 100, 190, 0, 0, 250, Map.of(), -1, Double.NaN, List.of(),
						0, 97, 500, 300, false, null, Map.of()),
						new OverloadStep(1.5, 90, 400, 200, 20, 3000, 9000, 0, 0, 30_000,
								Map.of("no answer", 20L, OverloadStep.UNANSWERED, 180L), -1, Double.NaN, List.of(), 0,
								Double.NaN, Double.NaN, Double.NaN, true, null, Map.of())),
				new Recovery(30, 15, 450, 450, Double.NaN));
		return new OverloadReport(2, "the load on CPU 1, the stack on CPU 0", 5, 10, 0.5, 1000,
				List.of(admitted, naive));
	}

	@Test
	void theTableShowsEachStepsGoodputRefusalsErrorsLimitAndBreakers() {
		String table = OverloadPage.table(report());

		assertThat(table).startsWith("overload: each mode's knee rate times each multiple, 5 s to settle then a 10 s "
				+ "window, no pause between; then 0.5× for 15 s. Goodput: 2xx within 1000 ms. The load on CPU 1, the stack "
				+ "on CPU 0.");
		assertThat(table)
			.contains("fixed+admission, knee 1200/s (p99 there 80 ms), nginx's edge limit 150 in progress (its "
					+ "refusals: the 503s not counted by the admission):")
			.contains("naive, knee 60/s (p99 there 190 ms), nginx's edge rate 55/s (its refusals: the 503s not "
					+ "counted by the admission):")
			.containsPattern("limit\\s+breakers\\s+cores busy\\s+gateway µs\\s+load µs\\n")
			.containsPattern("2.0×\\s+2400/s\\s+1100\\s+92 %\\s+70 ms\\s+150 ms\\s+13000 \\(12900 admission\\)\\s+"
					+ "4.0 ms\\s+900 ms\\s+503 × 13000\\s+110\\s+sessions: open, 2 changes")
			.containsPattern("1.0×\\s+1200/s\\s+1200\\s+100 %.*none\\s+180\\s+closed\\s+97 %\\s+500\\s+300")
			.contains("back at 600/s: 30 of 9000 requests failed; the last sent 1.2 s after the drop");
		assertThat(table).containsPattern("1.5× \\(cut\\)\\s+90/s\\s+20\\s+33 %")
			.containsPattern("no answer × 20, unanswered × 180\\s+-\\s+-\\s+-\\s+-\\s+-\\n")
			.contains("back at 30/s: 450 of 450 requests failed; still failing within 5 s of the window's end: "
					+ "not recovered in 15 s");
	}

	@Test
	void aModeBehindNginxHasItsStepsByNginxsClockToo() {
		String table = OverloadPage.table(report());

		assertThat(table).containsOnlyOnce("by nginx's clock")
			.containsPattern("multiple\\s+requests\\s+nginx's 503s\\s+their p99\\s+the gateway's 503s\\s+their p99\\s+"
					+ "2xx p99\\n")
			.containsPattern("1.0×\\s+12000\\s+0\\s+-\\s+0\\s+-\\s+-\\n")
			.containsPattern("2.0×\\s+24000\\s+100\\s+1.0 ms\\s+12900\\s+60 ms\\s+140 ms\\n");
	}

	@Test
	void eachStepSaysWhoseThreadsWaitedForACore() {
		String table = OverloadPage.table(report());

		assertThat(table).containsOnlyOnce("threads waiting for a core")
			.containsPattern("multiple\\s+all\\s+gateway\\s+nginx\\s+load\\n")
			.containsPattern("2.0×\\s+5.6\\s+3.7 \\(1.5 ms\\)\\s+0.7 \\(0.9 ms\\)\\s+1.2\\n");
	}

	@Test
	void writesTheJsonAndAPageWithBothCharts(@TempDir Path dir) throws Exception {
		OverloadPage.write(report(), dir);

		OverloadReport read = BenchJson.read(dir.resolve(OverloadReport.FILE), OverloadReport.class);
		assertThat(read.results().get(0).recovery()).isEqualTo(new Recovery(600, 15, 9000, 30, 1.2));
		assertThat(read.results().get(0).steps().get(1).errors()).containsEntry("503", 13_000L);
		assertThat(read.results().get(1).steps().get(0).limit()).isNaN();
		assertThat(read.results().get(0).steps().get(1).edge())
			.isEqualTo(new EdgeTimes(24_000, 100, 1, 12_900, 60, 11_000, 140));
		assertThat(read.results().get(1).steps().get(0).edge()).isNull();
		assertThat(read.results().get(0).steps().get(1).waiting()).containsExactlyEntriesOf(WAITING);
		assertThat(read.results()).extracting(OverloadResult::edgeLimit).containsExactly(150, 0);
		assertThat(read.results()).extracting(OverloadResult::edgeRate).containsExactly(0, 55);
		String html = Files.readString(dir.resolve(OverloadPage.PAGE));
		assertThat(html).contains("<h1>Past the knee</h1>")
			.contains("2xx answers a second as % of the knee")
			.contains("The admitted requests' p99 over the knee's")
			.contains("90 % of the knee");
	}

}
