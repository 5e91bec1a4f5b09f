package dev.gatewaykit.bench.analysis.compare;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;

import static dev.gatewaykit.bench.analysis.compare.GateFixtures.MACHINE;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.mode;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.params;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.run;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.summary;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.summaryOf;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.tps;
import static dev.gatewaykit.bench.analysis.compare.GateFixtures.versions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class GateTests {

	@TempDir
	Path dir;

	@Test
	void sameFiguresPass() {
		Result result = check(summary("a", tps("fixed", 950, 1000, 1050)), summary("b", tps("fixed", 960, 1010, 1040)),
				GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.PASS);
		assertThat(result.out()).contains("baseline a (", ") vs current b (", "1000 [950–1050] n=3",
				"1010 [960–1040] n=3", "no regression");
	}

	@Test
	void aMedianDropWithDisjointRangesFails() {
		Result result = check(summary("a", tps("fixed", 950, 1000, 1050)), summary("b", tps("fixed", 800, 850, 900)),
				GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.FAIL);
		assertThat(result.out()).contains("REGRESSION: fixed TPS");
	}

	@Test
	void aMedianDropInsideTheMeasuredSpreadPasses() {
		Result result = check(summary("a", tps("fixed", 800, 1000, 1100)), summary("b", tps("fixed", 820, 850, 900)),
				GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.PASS);
		assertThat(result.out()).contains("fixed TPS: no change: TPS dropped 15.0 % (limit 10 %) but inside the "
				+ "measured spread: base 800–1100, current 820–900");
	}

	@Test
	void aGatewayCpuRiseFailsEvenWhenTpsIsFine() {
		Result result = check(summary("a", mode("fixed", run(1000, 200, 490), run(1000, 200, 500))),
				summary("b", mode("fixed", run(1000, 200, 590), run(1000, 200, 600))), GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.FAIL);
		assertThat(result.out()).contains("REGRESSION: fixed CPU/req");
	}

	@Test
	void theCpuLimitIsAnOption() {
		GateOptions lenient = new GateOptions(new Thresholds(10, 20, 25), false, null, null);

		Result result = check(summary("a", mode("fixed", run(1000, 200, 500))),
				summary("b", mode("fixed", run(1000, 200, 600))), lenient);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.PASS);
	}

	@Test
	void anInvalidRepeatFails() {
		Result result = check(summary("a", tps("fixed", 1000)),
				summary("b", mode("fixed", run(1000, 200), GateFixtures.invalid(1000, 200))), GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.FAIL);
		assertThat(result.out()).contains("fixed: INVALID: current run invalid (repeat 2 of 2: 3.2 % errors)",
				"INVALID: fixed");
	}

	@Test
	void runsWithNoModeInCommonCompareNothing() {
		Result result = check(summary("a", tps("naive", 75)), summary("b", tps("fixed", 1000)), GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.NOTHING_COMPARED);
		assertThat(result.out()).contains("nothing compared: the two runs share no mode");
	}

	@Test
	void aParameterDifferenceIsNotComparableNamingTheKey() {
		Map<String, Object> fewer = params();
		fewer.put("users", 100);

		Result result = check(summary("a", tps("fixed", 1000)),
				summary("b", fewer, MACHINE, versions(), tps("fixed", 400)), GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.NOT_COMPARABLE);
		assertThat(result.err()).contains("NOT COMPARABLE", "  params.users: 200 → 100", "--force");
		assertThat(result.out()).contains("NOT COMPARABLE: params.users: 200 → 100 (--force compares anyway)")
			.doesNotContain("TPS dropped");
	}

	@Test
	void forceComparesAnywayAndSaysWhatDiffers() {
		Map<String, Object> fewer = params();
		fewer.put("users", 100);
		GateOptions force = new GateOptions(Thresholds.DEFAULT, true, this.dir.resolve("verdict.json"), null);

		Result result = check(summary("a", tps("fixed", 1000)),
				summary("b", fewer, MACHINE, versions(), tps("fixed", 400)), force);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.FAIL);
		assertThat(result.out()).contains("compared despite: params.users: 200 → 100 (--force)",
				"TPS dropped 60.0 % (limit 10 %)", "REGRESSION: fixed TPS; compared despite: params.users: 200 → 100");
		JsonNode verdict = BenchJson.readTree(this.dir.resolve("verdict.json"));
		assertThat(verdict.path("forced").asBoolean()).isTrue();
		assertThat(verdict.path("differences").get(0).path("key").asString()).isEqualTo("params.users");
		assertThat(verdict.path("summary").asString()).contains("compared despite: params.users: 200 → 100");
	}

	@Test
	void theChangeUnderTestIsPrintedAndDoesNotStopTheComparison() {
		Map<String, Object> params = params();
		params.put("gatewayJar", "/tmp/gateway-next.jar");
		Map<String, String> versions = versions();
		versions.put("git", "1657ff2");

		Result result = check(summary("a", tps("fixed", 1000)),
				summary("b", params, MACHINE, versions, tps("fixed", 1000)), GateOptions.DEFAULT);

		assertThat(result.status()).isEqualTo(GateVerdict.Status.PASS);
		assertThat(result.out()).contains("allowed differences (change under test, bookkeeping): "
				+ "params.gatewayJar: none → /tmp/gateway-next.jar, versions.git: 979a94c → 1657ff2");
	}

	@Test
	void aSummaryWrittenBeforeRepeatsComparesOneSamplePerMode() {
		RunSummary old = new RunSummary(RunSummary.SCHEMA, "old", "2026-10-01T00:00:00Z",
				BenchJson.mapper().valueToTree(params()), MACHINE, versions(),
				List.of(summaryOf("naive", 75, 2600), summaryOf("fixed", 1000, 200)), null, null, null, List.of(), null,
				null, null, null);
		ObjectNode json = BenchJson.mapper().valueToTree(old);
		json.remove("samples");
		Path baseline = this.dir.resolve("old.json");
		BenchJson.write(baseline, json);
		Path current = write("new.json", summary("new", tps("naive", 74, 75, 76), tps("fixed", 800, 850, 900)));

		Result result = gate(baseline, current, GateOptions.DEFAULT);

		assertThat(BenchJson.readTree(baseline).has("samples")).isFalse();
		assertThat(result.status()).isEqualTo(GateVerdict.Status.FAIL);
		assertThat(result.out()).contains("75 [74–76] n=3", "REGRESSION: fixed TPS");
	}

	@Test
	void anUnreadableFileIsBadInputAndWritesNoVerdict() {
		GateOptions files = GateOptions.DEFAULT.writingInto(this.dir);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> gate(this.dir.resolve("nope.json"), this.dir.resolve("nope.json"), files))
			.withMessageContaining("missing")
			.withMessageContaining("nope.json");
		assertThat(this.dir.resolve("verdict.json")).doesNotExist();
	}

	@Test
	void theVerdictJsonHasTheDecisionTheLimitsAndEveryMetric() {
		GateOptions files = GateOptions.DEFAULT.writingInto(this.dir.resolve("run"));

		Result result = check(summary("a", mode("fixed", run(950, 200, 500), run(1000, 210, 510), run(1050, 220, 520))),
				summary("b", mode("fixed", run(800, 200), run(850, 205), run(900, 210))), files);

		assertThat(result.out()).contains("wrote " + this.dir.resolve("run/verdict.json"),
				"wrote " + this.dir.resolve("run/verdict.xml"));
		JsonNode verdict = BenchJson.readTree(this.dir.resolve("run/verdict.json"));
		assertThat(verdict.path("schema").asInt()).isEqualTo(GateVerdict.SCHEMA);
		assertThat(verdict.path("status").asString()).isEqualTo("fail");
		assertThat(verdict.path("summary").asString()).isEqualTo("REGRESSION: fixed TPS");
		assertThat(verdict.path("thresholds").path("maxCpuRisePct").asDouble()).isEqualTo(10);
		assertThat(verdict.path("forced").asBoolean()).isFalse();
		assertThat(verdict.path("differences").isEmpty()).isTrue();
		JsonNode mode = verdict.path("modes").get(0);
		assertThat(mode.path("mode").asString()).isEqualTo("fixed");
		assertThat(mode.path("verdict").asString()).isEqualTo("regression");
		JsonNode tps = mode.path("metrics").get(0);
		assertThat(tps.path("metric").asString()).isEqualTo("tps");
		assertThat(tps.path("baseline").path("median").asDouble()).isEqualTo(1000);
		assertThat(tps.path("baseline").path("min").asDouble()).isEqualTo(950);
		assertThat(tps.path("baseline").path("max").asDouble()).isEqualTo(1050);
		assertThat(tps.path("baseline").path("n").asInt()).isEqualTo(3);
		assertThat(tps.path("current").path("median").asDouble()).isEqualTo(850);
		assertThat(tps.path("deltaPct").asDouble()).isEqualTo(-15);
		assertThat(tps.path("verdict").asString()).isEqualTo("regression");
		assertThat(tps.path("reason").asString()).startsWith("TPS dropped 15.0 % (limit 10 %)");
		JsonNode cpu = mode.path("metrics").get(2);
		assertThat(cpu.path("metric").asString()).isEqualTo("gatewayCpuMicros");
		assertThat(cpu.path("verdict").asString()).isEqualTo("not-measured");
		assertThat(cpu.path("current").isNull()).isTrue();
	}

	@Test
	void aNotComparableVerdictJsonListsTheDifferencesAndNoModes() {
		Map<String, String> newer = versions();
		newer.put("jdk", "OpenJDK 64-Bit Server VM 21.0.5+11");

		check(summary("a", tps("fixed", 1000)), summary("b", params(), MACHINE, newer, tps("fixed", 1000)),
				GateOptions.DEFAULT.writingInto(this.dir));

		JsonNode verdict = BenchJson.readTree(this.dir.resolve("verdict.json"));
		assertThat(verdict.path("status").asString()).isEqualTo("not-comparable");
		assertThat(verdict.path("differences").get(0).path("current").asString())
			.isEqualTo("OpenJDK 64-Bit Server VM 21.0.5+11");
		assertThat(verdict.path("modes").isEmpty()).isTrue();
	}

	private Result check(RunSummary baseline, RunSummary current, GateOptions options) {
		return gate(write("baseline.json", baseline), write("current.json", current), options);
	}

	private Path write(String name, RunSummary summary) {
		Path file = this.dir.resolve(name);
		BenchJson.write(file, summary);
		return file;
	}

	private static Result gate(Path baseline, Path current, GateOptions options) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		GateVerdict.Status status = Gate.check(baseline, current, options,
				new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
		return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

	record Result(GateVerdict.Status status, String out, String err) {
	}

}
