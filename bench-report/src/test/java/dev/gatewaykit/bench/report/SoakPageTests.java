package dev.gatewaykit.bench.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.soak.LeakReports;
import dev.gatewaykit.bench.analysis.soak.Snapshot;
import dev.gatewaykit.bench.analysis.soak.Soak;
import dev.gatewaykit.bench.analysis.soak.SoakVerdict;
import dev.gatewaykit.bench.analysis.soak.Tolerances;

import static org.assertj.core.api.Assertions.assertThat;

class SoakPageTests {

	private static final long MIB = 1024 * 1024;

	@Test
	void thePageSaysTheVerdictAndChartsEveryResource() {
		Snapshot baseline = new Snapshot(0, 0, true, 100 * MIB, 100 * MIB, 8 * MIB, null, 60, 40);
		List<Snapshot> during = List.of(new Snapshot(5000, 5, false, 240 * MIB, 120 * MIB, 9 * MIB, null, 70, 42));
		Snapshot after = new Snapshot(20000, 20, true, 100 * MIB, 100 * MIB, 8 * MIB, null, 60, 50);
		Soak soak = new Soak(Soak.SCHEMA, 30, "--rate", 20, List.of("-Xmx512m"), Tolerances.DEFAULT, baseline, during,
				after, 0, List.of(), 3, new LeakReports(0, List.of()),
				SoakVerdict.judge(baseline, during, after, 0, 0, Tolerances.DEFAULT));

		assertThat(SoakPage.html(soak)).contains("<h1>Soak: FAILED</h1>")
			.contains("<svg")
			.contains("threads")
			.contains("Before the load (warm-up and logins) 3 requests failed");
	}

}
