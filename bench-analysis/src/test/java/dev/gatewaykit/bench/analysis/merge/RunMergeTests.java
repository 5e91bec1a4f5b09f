package dev.gatewaykit.bench.analysis.merge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.Workload;

import static dev.gatewaykit.bench.analysis.merge.SyntheticRuns.WINDOW_START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class RunMergeTests {

	@TempDir
	Path dir;

	private final List<String> warnings = new ArrayList<>();

	@Test
	void mergesAndSummarizesEveryModeAsOneInjectorWouldHave() throws Exception {
		Path fast = SyntheticRuns.injectorRun(this.dir.resolve("injector-1"), WINDOW_START, 10, 100, 50);
		Path slow = SyntheticRuns.injectorRun(this.dir.resolve("injector-2"), WINDOW_START + 20, 30, 150, 50);
		Path out = this.dir.resolve("merged");

		List<ModeSummary> summaries = RunMerge.merge(List.of(fast, slow), out, this.warnings::add);

		assertThat(summaries).extracting(ModeSummary::mode).containsExactly("fixed", "naive");
		ModeSummary fixed = BenchJson.read(out.resolve("fixed").resolve(ModeSummary.FILE), ModeSummary.class);
		assertThat(fixed.ok()).isEqualTo(4 * 250);
		assertThat(fixed.tps()).isCloseTo(250, within(1e-9));
		assertThat(fixed.latencyMs().p50()).isEqualTo(30);
		assertThat(fixed.latencyMs().max()).isEqualTo(30);
		assertThat(fixed.latencyMs().mean()).isCloseTo((100 * 10 + 150 * 30) / 250.0, within(1e-9));
		assertThat(fixed.workload()).isEqualTo(Workload.open(100));
		assertThat(fixed.links().redisMs()).isEqualTo(25);
		assertThat(fixed.assertions()).hasSize(2);
		assertThat(out.resolve("fixed").resolve("gateway.json"))
			.hasSameTextualContentAs(fast.resolve("fixed/gateway.json"));
		assertThat(CaseFacts.read(out.resolve("naive")).mode()).isEqualTo("naive");
		JsonNode params = BenchJson.readTree(out.resolve(RunMerge.PARAMS));
		assertThat(params.path("rate").asDouble()).isEqualTo(100);
		assertThat(params.path("injectors")).hasSize(2);
		assertThat(params.path("modes")).hasSize(2);
		assertThat(this.warnings).isEmpty();
	}

	@Test
	void refusesRunsThatHoldDifferentCases() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path second = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START, 10, 100, 50);
		TestFiles.delete(second.resolve("naive"));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first, second), this.dir.resolve("out"), this.warnings::add))
			.withMessageContaining(
					"the runs hold different cases: " + first + " has [fixed, naive], " + second + " has [fixed]");
	}

	@Test
	void refusesInjectorsWhoseWindowsDoNotAlign() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path late = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START + 1_000, 10, 100, 50);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first, late), this.dir.resolve("out"), this.warnings::add))
			.withMessageContaining("windows not aligned: injector 2's opened 1000 ms from injector 1's");
	}

	@Test
	void refusesACaseWithoutItsLog() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path second = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START, 10, 100, 50);
		Files.delete(second.resolve("fixed/latency.hlog"));

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first, second), this.dir.resolve("out"), this.warnings::add))
			.withMessageContaining("no latency.hlog in " + second.resolve("fixed"));
	}

	@Test
	void refusesOneRunAndAnOutputThatIsAnInput() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);
		Path second = SyntheticRuns.injectorRun(this.dir.resolve("b"), WINDOW_START, 10, 100, 50);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first), this.dir.resolve("out"), this.warnings::add))
			.withMessageContaining("two injectors' runs or more, got 1");
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first, second), second.resolve("."), this.warnings::add))
			.withMessageContaining("would overwrite injector 2's");
		assertThat(this.dir.resolve("out")).doesNotExist();
	}

	@Test
	void refusesARunThatIsNoDirectory() throws Exception {
		Path first = SyntheticRuns.injectorRun(this.dir.resolve("a"), WINDOW_START, 10, 100, 50);

		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> RunMerge.merge(List.of(first, this.dir.resolve("nowhere")), this.dir.resolve("out"),
					this.warnings::add))
			.withMessageContaining("injector 2: " + this.dir.resolve("nowhere") + " is not a directory");
	}

}
