package dev.gatewaykit.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.ParsedArgs;

import static dev.gatewaykit.bench.cli.KitRun.run;
import static org.assertj.core.api.Assertions.assertThat;

class KitCliTests {

	private static final Path FIXTURES = TestFiles.FIXTURE_RUN;

	@TempDir
	Path dir;

	@Test
	void withoutACommandPrintsTheUserCommandsLikeHelp() {
		KitRun result = run();

		assertThat(result.code()).isEqualTo(ExitCodes.OK);
		assertThat(result.out())
			.contains("up", "down", "status", "bench", "sweep", "ablate", "chaos", "soak", "test", "tools", "report",
					"compare")
			.isEqualTo(run("--help").out());
		assertThat(result.out()).doesNotContain("nginx-render", "summarize-mode", "sweep-report", "render-check",
				"sample-sockets", "flip ");
	}

	@Test
	void anUnknownCommandExits2() {
		KitRun result = run("benchmark");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("error: ", "'benchmark'");
	}

	@Test
	void badStackOptionsExit2BeforeAnythingStarts() {
		KitRun discovery = run("up", "--discovery", "consul");
		assertThat(discovery.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(discovery.err()).contains("--discovery must be static or nacos, was 'consul'");

		KitRun mode = run("up", "turbo");
		assertThat(mode.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(mode.err()).contains("unknown profile or mode 'turbo'");

		KitRun bench = run("bench", "--modes", "naive,turbo");
		assertThat(bench.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(bench.err()).contains("unknown mode 'turbo'");

		KitRun sweep = run("sweep", "--flip-at", "10");
		assertThat(sweep.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(sweep.err()).contains("Unknown options: '--flip-at'");
	}

	@Test
	void aRepeatableOptionPassesArgumentsThroughAndAFlagTakesNoValue() {
		GivenOptions up = ParsedArgs.of("up", "naive", "--gateway-arg", "--a=1", "--gateway-arg=--b=2");
		assertThat(up.positional(0, "fixed")).isEqualTo("naive");
		assertThat(up.all("gateway-arg")).containsExactly("--a=1", "--b=2");

		GivenOptions bench = ParsedArgs.of("bench", "--quick", "--duration", "30");
		assertThat(bench.flag("quick")).isTrue();
		assertThat(bench.string("duration", "60")).isEqualTo("30");
		assertThat(bench.has("users")).isFalse();

		KitRun tooMany = run("up", "naive", "fixed");
		assertThat(tooMany.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(tooMany.err()).contains("'fixed'");
	}

	@Test
	void testPassesWhatTheKitDoesNotDeclareToMavenInOrder() {
		GivenOptions test = ParsedArgs.of("test", "-pl", "bench", "-am", "--provision-only", "-Dtest=KitCliTests", "--",
				"-X");

		assertThat(test.flag("provision-only")).isTrue();
		assertThat(test.unmatched()).containsExactly("-pl", "bench", "-am", "-Dtest=KitCliTests", "-X");
	}

	@Test
	void aMissingRequiredOptionExits2WithTheCommandsUsage() {
		KitRun result = run("nginx-render", "--variant", "naive", "--listen", "8080", "--prefix", "x");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("error: Missing required option: '--upstream=", "Usage: ./kit nginx-render");
	}

	@Test
	void anUnknownOptionOrBadNumberExits2() {
		assertThat(run("compare", "--baseline", "a", "--current", "b", "--max-drop", "5").err())
			.contains("Unknown options: '--max-drop'");
		KitRun result = run("nginx-render", "--variant", "naive", "--listen", "eighty", "--upstream", "a:1", "--prefix",
				"x");
		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("--listen must be a whole number, was 'eighty'");
	}

	@Test
	void aValueGivenTwiceExits2() {
		KitRun result = run("compare", "--baseline", "a", "--baseline", "b", "--current", "c");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("--baseline");
	}

	@Test
	void nginxRenderWritesTheConfigUnderThePrefix() {
		Path prefix = this.dir.resolve("nginx");

		KitRun result = run("nginx-render", "--variant", "tuned", "--listen", "18080", "--upstream", "127.0.0.1:18081",
				"--prefix", prefix.toString(), "--templates", "../nginx");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCodes.OK);
		assertThat(prefix.resolve("nginx.conf")).content().contains("server 127.0.0.1:18081;");
		assertThat(prefix.resolve("temp/proxy")).isDirectory();
	}

	@Test
	void summarizeModeWritesTheModeSummary() throws IOException {
		Path mode = copyMode("naive");

		KitRun result = run("summarize-mode", "--dir", mode.toString(), "--mode", "naive", "--redis-latency", "25",
				"--auth-latency", "3", "--base-ms", "0", "--model", "closed", "--users", "200");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCodes.OK);
		assertThat(result.out()).isEqualTo(
				"naive: 75.1 TPS, p99 3900 ms, errors 0.27 %, bound 75 (4 loops / 53 ms injected = 75), 100 % of it\n");
		ModeSummary summary = BenchJson.read(mode.resolve("mode-summary.json"), ModeSummary.class);
		assertThat(summary.links().blockedMs()).isEqualTo(53);
	}

	@Test
	void summarizeModeWarnsWhenTheGivenWorkloadDisagreesWithTheSimulations() throws IOException {
		Path mode = copyMode("fixed");

		KitRun result = run("summarize-mode", "--dir", mode.toString(), "--mode", "fixed", "--redis-latency", "25",
				"--auth-latency", "3", "--users", "100");

		assertThat(result.code()).isEqualTo(ExitCodes.OK);
		assertThat(result.err()).contains("say 100 users but the simulation ran 200 users");
	}

	@Test
	void summarizeModeWithoutMeasuredJsonExits2() throws IOException {
		Files.createDirectories(this.dir.resolve("naive"));

		KitRun result = run("summarize-mode", "--dir", this.dir.resolve("naive").toString(), "--mode", "naive",
				"--redis-latency", "25", "--auth-latency", "3");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("missing", "measured.json");
	}

	@Test
	void summarizeModeRejectsAnUnknownMode() throws IOException {
		KitRun result = run("summarize-mode", "--dir", copyMode("naive").toString(), "--mode", "turbo",
				"--redis-latency", "25", "--auth-latency", "3");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("unknown mode 'turbo'");
	}

	@Test
	void reportThenCompareAgainstItselfPasses() throws IOException {
		Path run = summarizedRun("run-a");

		KitRun report = run("report", "--run", run.toString(), "--repo", ".");
		KitRun compare = run("compare", "--baseline", run.resolve("summary.json").toString(), "--current",
				run.resolve("summary.json").toString());

		assertThat(report.code()).as(report.err()).isEqualTo(ExitCodes.OK);
		assertThat(report.out()).contains("fixed/naive = 14.7x", "4 loops / 53 ms injected = 75");
		assertThat(run.resolve("report.html")).exists();
		assertThat(compare.code()).isEqualTo(ExitCodes.OK);
		assertThat(compare.out()).contains("no regression");
	}

	@Test
	void compareExits1WhenTheCurrentRunRegressed() throws IOException {
		Path baseline = summarizedRun("baseline");
		run("report", "--run", baseline.toString());
		RunSummary good = BenchJson.read(baseline.resolve("summary.json"), RunSummary.class);
		ModeSummary fixed = good.modes().get(1);
		ModeSummary slower = new ModeSummary(fixed.schema(), fixed.mode(), fixed.executionMode(), fixed.label(),
				fixed.target(), fixed.workload(), fixed.links(), fixed.windowSeconds(), fixed.ok() / 3, 0,
				fixed.tps() / 3, 0, fixed.latencyMs(), fixed.tpsPerSecond(), fixed.validity(), fixed.prediction(),
				fixed.gateway(), fixed.login(), fixed.outcomes(), fixed.assertions(), null, null);
		Path current = this.dir.resolve("current.json");
		BenchJson.write(current,
				new RunSummary(good.schema(), "current", good.createdAt(), good.params(), good.machine(),
						good.versions(), List.of(good.modes().get(0), slower), good.ceiling(), null, null, List.of(),
						null, null, null, null));

		KitRun result = run("compare", "--baseline", baseline.resolve("summary.json").toString(), "--current",
				current.toString(), "--max-tps-drop", "10", "--max-p99-rise", "20");

		assertThat(result.code()).isEqualTo(ExitCodes.FAILED);
		assertThat(result.out()).contains("REGRESSION: TPS dropped 66.7 %", "REGRESSION: fixed TPS");
	}

	@Test
	void compareRefusesRunsWithDifferentParametersUnlessForced() throws IOException {
		Path baseline = summarizedRun("baseline");
		run("report", "--run", baseline.toString());
		ObjectNode fewerUsers = (ObjectNode) BenchJson.readTree(baseline.resolve("summary.json"));
		((ObjectNode) fewerUsers.path("params")).put("users", 100);
		Path current = this.dir.resolve("current.json");
		BenchJson.write(current, fewerUsers);

		KitRun refused = run("compare", "--baseline", baseline.resolve("summary.json").toString(), "--current",
				current.toString());
		KitRun forced = run("compare", "--baseline", baseline.resolve("summary.json").toString(), "--current",
				current.toString(), "--force", "--json", this.dir.resolve("verdict.json").toString(), "--junit",
				this.dir.resolve("verdict.xml").toString());

		assertThat(refused.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(refused.err()).contains("NOT COMPARABLE", "params.users: 200 → 100", "--force");
		assertThat(forced.code()).isEqualTo(ExitCodes.OK);
		assertThat(forced.out()).contains("compared despite: params.users: 200 → 100", "no regression");
		assertThat(BenchJson.readTree(this.dir.resolve("verdict.json")).path("status").asString()).isEqualTo("pass");
		assertThat(this.dir.resolve("verdict.xml")).content().contains("<testsuite name=\"gateway-perf-kit gate\"");
	}

	@Test
	void compareWithAMissingFileExits2() {
		KitRun result = run("compare", "--baseline", this.dir.resolve("nope.json").toString(), "--current",
				this.dir.resolve("nope.json").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("missing");
	}

	@Test
	void renderCheckFailsClearlyWithoutChromium() throws IOException {
		Path html = Files.writeString(this.dir.resolve("page.html"), "<html><body>hi</body></html>");

		KitRun result = run("render-check", "--html", html.toString(), "--png", this.dir.resolve("p.png").toString(),
				"--chromium", this.dir.resolve("no-chromium").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.FAILED);
		assertThat(result.err()).contains("chromium not found", "apt-get install chromium");
	}

	@Test
	void renderCheckRejectsAMissingPage() {
		KitRun result = run("render-check", "--html", this.dir.resolve("none.html").toString(), "--png",
				this.dir.resolve("p.png").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
	}

	@Test
	void renderCheckRejectsABlankPage() throws IOException {
		Path html = Files.writeString(this.dir.resolve("blank.html"), "<html><body></body></html>");

		KitRun result = run("render-check", "--html", html.toString(), "--png", this.dir.resolve("p.png").toString(),
				"--width", "400", "--height", "300");

		assertThat(result.code()).isEqualTo(ExitCodes.FAILED);
		assertThat(result.err()).contains("the page probably rendered blank");
	}

	private Path summarizedRun(String name) throws IOException {
		Path run = this.dir.resolve(name);
		TestFiles.copy(FIXTURES, run);
		for (String mode : List.of("naive", "fixed", "ceiling")) {
			KitRun result = run("summarize-mode", "--dir", run.resolve(mode).toString(), "--mode", mode,
					"--redis-latency", "25", "--auth-latency", "3");
			assertThat(result.code()).as(result.err()).isEqualTo(ExitCodes.OK);
		}
		return run;
	}

	private Path copyMode(String mode) throws IOException {
		Path target = this.dir.resolve(mode);
		TestFiles.copy(FIXTURES.resolve(mode), target);
		return target;
	}

}
