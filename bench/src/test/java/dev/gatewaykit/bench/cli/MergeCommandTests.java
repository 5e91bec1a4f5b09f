package dev.gatewaykit.bench.cli;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.analysis.merge.SyntheticRuns;
import dev.gatewaykit.bench.model.BenchJson;

import static dev.gatewaykit.bench.cli.KitRun.run;
import static dev.gatewaykit.bench.analysis.merge.SyntheticRuns.WINDOW_START;
import static org.assertj.core.api.Assertions.assertThat;

class MergeCommandTests {

	@TempDir
	Path dir;

	@Test
	void mergesTwoInjectorsRunsIntoOneRunWithItsSummaryAndReport() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("injector-1"), WINDOW_START, 10, 100, 50);
		Path second = SyntheticRuns.injectorRun(this.dir.resolve("injector-2"), WINDOW_START + 30, 30, 150, 50);
		Path out = this.dir.resolve("merged");

		KitRun result = run("merge", first.toString(), second.toString(), "--out", out.toString());

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCodes.OK);
		assertThat(result.out()).contains("merged 2 injectors into " + out.resolve("summary.json"));
		assertThat(out.resolve("report.html")).isNotEmptyFile();
		JsonNode summary = BenchJson.readTree(out.resolve("summary.json"));
		assertThat(summary.path("modes")).extracting((mode) -> mode.path("mode").asString())
			.containsExactly("naive", "fixed");
		for (JsonNode mode : summary.path("modes")) {
			assertThat(mode.path("ok").asLong()).isEqualTo(SyntheticRuns.DURATION_SECONDS * 250L);
			assertThat(mode.path("tps").asDouble()).isEqualTo(250);
			assertThat(mode.path("latencyMs").path("max").asDouble()).isEqualTo(30);
		}
		assertThat(summary.path("params").path("rate").asDouble()).isEqualTo(100);
	}

	@Test
	void oneOrNoRunIsAUsageError() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);

		KitRun one = run("merge", first.toString(), "--out", this.dir.resolve("out").toString());
		KitRun none = run("merge");

		assertThat(one.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(one.err()).contains("error: ").contains("DIR").contains("Usage: ./kit merge");
		assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(none.err()).contains("Usage: ./kit merge");
		assertThat(this.dir.resolve("out")).doesNotExist();
	}

	@Test
	void aRunThatIsNoDirectoryExits2NamingIt() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path missing = this.dir.resolve("no-such-run");

		KitRun result = run("merge", first.toString(), missing.toString(), "--out", this.dir.resolve("out").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("error: injector 2: " + missing + " is not a directory");
	}

	@Test
	void anOutputThatIsOneOfTheRunsExits2() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path second = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START, 10, 100, 50);

		KitRun result = run("merge", first.toString(), second.toString(), "--out", first.toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("would overwrite injector 1's");
	}

	@Test
	void injectorsWhoseWindowsDoNotAlignExit2SayingWhy() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path late = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START + 2_000, 10, 100, 50);

		KitRun result = run("merge", first.toString(), late.toString(), "--out", this.dir.resolve("out").toString());

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("windows not aligned: injector 2's opened 2000 ms from injector 1's");
		assertThat(this.dir.resolve("out/summary.json")).doesNotExist();
	}

}
