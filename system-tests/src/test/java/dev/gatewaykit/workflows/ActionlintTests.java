package dev.gatewaykit.workflows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.gatewaykit.launcher.Tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every workflow under {@code .github/workflows} passes actionlint: the workflow syntax,
 * the expressions and their contexts, the inputs of well-known actions, and, through
 * shellcheck, every {@code run:} script. actionlint is the one the kit pins
 * ({@link Tools#ACTIONLINT_VERSION}), from {@code ACTIONLINT_BIN} ({@code ./kit test}
 * sets it), the kit's tools or PATH; shellcheck comes from the OS packages. Either one
 * missing fails the tests, never skips them, as for rnacos: a skipped lint reads as a
 * passed one, and actionlint without shellcheck passes scripts it never read.
 */
class ActionlintTests {

	static List<Path> workflows() {
		List<Path> files = Workflow.files();
		assertThat(files).as("workflows in %s", Workflow.DIRECTORY).isNotEmpty();
		return files;
	}

	@ParameterizedTest(name = "{0} passes actionlint")
	@MethodSource("workflows")
	void passesActionlint(Path workflow) throws Exception {
		Lint lint = actionlint(Workflow.repositoryRoot(), workflow);

		assertThat(lint.output()).as("what actionlint reports on %s", workflow).isEmpty();
		assertThat(lint.status()).as("actionlint's exit status").isZero();
	}

	@Test
	void reportsAnUntrustedExpressionInAScriptAndShellchecksTheScripts(@TempDir Path repository) throws Exception {
		Path workflow = Workflow.DIRECTORY.resolve("broken.yml");
		Files.createDirectories(repository.resolve(workflow).getParent());
		Files.writeString(repository.resolve(workflow), """
				on: pull_request
				jobs:
				  gate:
				    runs-on: ubuntu-24.04
				    steps:
				      - run: echo "${{ github.event.pull_request.title }}"
				      - run: cp -r $RUNS/head out
				""");

		Lint lint = actionlint(repository, workflow);

		assertThat(lint.status()).as(lint.output()).isEqualTo(1);
		assertThat(lint.output()).contains("broken.yml:6:",
				"\"github.event.pull_request.title\" is potentially untrusted", "[expression]");
		assertThat(lint.output()).as("shellcheck's finding, through actionlint")
			.contains("broken.yml:7:", "SC2086", "[shellcheck]");
	}

	/**
	 * actionlint on one file, from the repository root so that its messages name the file
	 * as it is in the repository. pyflakes (for {@code shell: python} steps) is turned
	 * off rather than picked up from PATH, so that the verdict does not depend on the
	 * machine.
	 */
	private static Lint actionlint(Path repository, Path workflow) throws Exception {
		Tools tools = Tools.fromEnvironment(Path.of("target"), (line) -> {
		});
		Path actionlint = tools.findActionlint()
			.orElseGet(() -> fail(missing("actionlint " + Tools.ACTIONLINT_VERSION,
					"run the tests with ./kit test (it builds actionlint once), or ./kit tools actionlint, or go install "
							+ Tools.ACTIONLINT_PACKAGE + "@" + Tools.ACTIONLINT_VERSION
							+ " and point ACTIONLINT_BIN at it")));
		Path shellcheck = tools.find("shellcheck")
			.orElseGet(
					() -> fail(missing("shellcheck", "run the tests with ./kit test, or apt-get install shellcheck")));
		Process process = new ProcessBuilder(actionlint.toString(), "-no-color", "-shellcheck", shellcheck.toString(),
				"-pyflakes=", workflow.toString())
			.directory(repository.toFile())
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("actionlint finished within 60 s").isTrue();
		return new Lint(process.exitValue(), output);
	}

	private static String missing(String tool, String remedy) {
		return tool + " is not installed: " + remedy;
	}

	/**
	 * @param status 0 nothing found, 1 problems found, 2 bad arguments, 3 a failure
	 * @param output what it reported
	 */
	private record Lint(int status, String output) {
	}

}
