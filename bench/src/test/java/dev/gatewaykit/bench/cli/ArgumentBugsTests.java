package dev.gatewaykit.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.run.BenchOptions;

import static dev.gatewaykit.bench.cli.KitRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The arguments the hand-written parser lost or accepted and ignored. Each of these
 * failed against it: the two repeatable options came back empty, and every refused line
 * below parsed without a word (a sweep with --target-url then died of a
 * NullPointerException, having started no toxiproxy whose latency it set).
 */
class ArgumentBugsTests {

	@TempDir
	Path dir;

	@Test
	void sweepKeepsEveryGatewayArgument() {
		BenchOptions options = BenchOptions
			.from(ParsedArgs.of("sweep", "--gateway-arg=--a=1", "--gateway-arg", "--b=2"), Map.of(), this.dir);

		assertThat(options.gateway().arguments()).containsExactly("--a=1", "--b=2");
	}

	@Test
	void ablateKeepsTheSimulationClassPath() throws IOException {
		Path classes = Files.createDirectories(this.dir.resolve("classes"));
		Path jar = Files.createFile(this.dir.resolve("sim.jar"));

		BenchOptions options = BenchOptions.from(ParsedArgs.of("ablate", "--simulation", "com.acme.MySimulation",
				"--simulation-classpath", classes.toString(), "--simulation-classpath=" + jar), Map.of(), this.dir);

		assertThat(options.scenario().classPath()).containsExactly(classes, jar);
	}

	@Test
	void sweepRefusesATargetUrlBeforeStartingAnything() {
		KitRun result = run("sweep", "--target-url", "http://127.0.0.1:1");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("--target-url", "toxiproxy");
	}

	@ParameterizedTest(name = "./kit sweep {0} is refused, naming it")
	@CsvSource({ "--repeat, 2", "--min-ratio, 3", "--compare, summary.json" })
	void sweepRefusesWhatOnlyTheBenchDoes(String option, String value) {
		KitRun result = run("sweep", option, value);

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).contains("Unknown option").contains(option);
	}

	@Test
	void benchRefusesForceWithoutCompare() {
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> BenchOptions.from(ParsedArgs.of("bench", "--force"), Map.of(), this.dir))
			.withMessageContaining("--force")
			.withMessageContaining("--compare");
	}

	@Test
	void usersAndRateAreTwoLoadModels() {
		for (String command : new String[] { "bench", "sweep", "ablate" }) {
			assertThatExceptionOfType(UsageException.class).isThrownBy(
					() -> BenchOptions.from(ParsedArgs.of(command, "--users", "10", "--rate", "5"), Map.of(), this.dir))
				.withMessageContaining("--users")
				.withMessageContaining("--rate");
		}
		assertThat(BenchOptions.from(ParsedArgs.of("bench", "--rate", "5"), Map.of(), this.dir).rate()).contains(5.0);
	}

}
