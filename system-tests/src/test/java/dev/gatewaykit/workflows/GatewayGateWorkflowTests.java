package dev.gatewaykit.workflows;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.cli.KitCli;
import dev.gatewaykit.workflows.Workflow.Step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The CI example {@code .github/workflows/gateway-gate.yml} runs the regression gate the
 * way the kit defines it: a baseline bench of the pull request's base, then a bench of
 * the pull request with {@code --compare} against the baseline's summary.json, both with
 * {@code --repeat}, in one job (the gate refuses to compare runs of two machines), and
 * every argument it passes is one {@code ./kit bench} takes. Read from the parsed YAML
 * and the {@code ./kit bench} command lines of its {@code run:} scripts, so that the
 * example cannot drift from the kit unnoticed.
 */
class GatewayGateWorkflowTests {

	private static final String BASE_SHA = "${{ github.event.pull_request.base.sha }}";

	private final Workflow workflow = Workflow.read("gateway-gate.yml");

	@Test
	void runsOnPullRequests() {
		assertThat(this.workflow.events()).contains("pull_request");
	}

	@Test
	void benchesTheBaseThenComparesThePullRequestWithTheBaselineInOneJob() {
		List<BenchCall> calls = benchCalls();
		assertThat(calls).as("./kit bench calls in %s", this.workflow.file).hasSize(2);
		BenchCall baseline = calls.get(0);
		BenchCall gate = calls.get(1);

		assertThat(gate.step().job()).as("one job, so one machine").isEqualTo(baseline.step().job());
		assertThat(baseline.option("compare")).as("the baseline compares with nothing").isEmpty();
		assertThat(baseline.option("repeat")).as("--repeat of the baseline").isPresent();
		assertThat(gate.option("repeat")).as("--repeat of the gate").isEqualTo(baseline.option("repeat"));
		assertThat(gate.option("modes")).as("--modes of the gate").isEqualTo(baseline.option("modes"));
		String baselineOut = baseline.option("out").orElseThrow(() -> new AssertionError("the baseline has no --out"));
		assertThat(gate.option("compare")).as("--compare of the gate").contains(baselineOut + "/summary.json");
		assertThat(gate.option("out")).as("--out of the gate").isPresent().isNotEqualTo(baseline.option("out"));
	}

	@Test
	void benchesEachSideInItsOwnCheckoutTheBaselineAtThePullRequestsBase() {
		List<BenchCall> calls = benchCalls();
		assertThat(calls).hasSize(2);
		Step baseCheckout = checkoutInto(calls.get(0));
		Step headCheckout = checkoutInto(calls.get(1));

		assertThat(baseCheckout.with("ref")).contains(BASE_SHA);
		assertThat(headCheckout.with("ref")).isNotEqualTo(Optional.of(BASE_SHA));
		assertThat(this.workflow.steps().indexOf(headCheckout)).as("checked out before the gate runs")
			.isLessThan(this.workflow.steps().indexOf(calls.get(1).step()));
	}

	@Test
	void uploadsTheRunsAndPublishesTheVerdictWhenTheGateFailsToo() {
		List<Step> afterTheGate = this.workflow.steps()
			.subList(this.workflow.steps().indexOf(benchCalls().get(1).step()) + 1, this.workflow.steps().size());

		Step upload = afterTheGate.stream()
			.filter((step) -> step.uses().orElse("").startsWith("actions/upload-artifact@"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no actions/upload-artifact step after the gate"));
		assertThat(upload.condition()).as("the upload's if:").containsAnyOf("!cancelled()", "always()", "failure()");
		assertThat(afterTheGate).as("steps reading verdict.json or verdict.xml")
			.filteredOn((step) -> step.fields().toString().contains("verdict."))
			.isNotEmpty()
			.allSatisfy((step) -> assertThat(step.condition()).as(step.name())
				.containsAnyOf("!cancelled()", "always()", "failure()"));
	}

	@Test
	void passesOnlyWhatKitBenchTakes() {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		for (BenchCall call : benchCalls()) {
			// The kit's own parser, exactly as ./kit runs it: an option it does not know,
			// one without its value or one given twice stops ./kit bench with exit 2.
			List<String> line = new ArrayList<>(List.of("bench"));
			line.addAll(call.arguments());
			assertThatCode(() -> KitCli.commandLine(nowhere, nowhere).parseArgs(line.toArray(String[]::new)))
				.as("./kit bench %s (%s)", String.join(" ", call.arguments()), call.step().name())
				.doesNotThrowAnyException();
		}
	}

	private Step checkoutInto(BenchCall call) {
		String directory = call.step()
			.workingDirectory()
			.orElseThrow(() -> new AssertionError(call.step().name() + " has no working-directory"));
		return this.workflow.steps()
			.stream()
			.filter((step) -> step.job().equals(call.step().job()))
			.filter((step) -> step.uses().orElse("").startsWith("actions/checkout@"))
			.filter((step) -> step.with("path").equals(Optional.of(directory)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no actions/checkout into " + directory));
	}

	/** Every {@code ./kit bench} command line of every {@code run:} script, in order. */
	private List<BenchCall> benchCalls() {
		List<BenchCall> calls = new ArrayList<>();
		for (Step step : this.workflow.steps()) {
			for (List<String> command : ShellWords.commands(step.run().orElse(""))) {
				if (command.size() >= 2 && command.get(0).equals("./kit") && command.get(1).equals("bench")) {
					calls.add(new BenchCall(step, command.subList(2, command.size())));
				}
			}
		}
		return calls;
	}

	/**
	 * One {@code ./kit bench} command line.
	 *
	 * @param step the step whose script runs it
	 * @param arguments its arguments after {@code bench}, as the shell passes them
	 */
	record BenchCall(Step step, List<String> arguments) {

		/**
		 * The value of {@code --name value} or {@code --name=value}; read here without
		 * the kit's parser, so that the shape of the gate is checked whatever the kit
		 * knows.
		 */
		Optional<String> option(String name) {
			for (int i = 0; i < this.arguments.size(); i++) {
				String argument = this.arguments.get(i);
				if (argument.startsWith("--" + name + "=")) {
					return Optional.of(argument.substring(name.length() + 3));
				}
				if (argument.equals("--" + name) && i + 1 < this.arguments.size()
						&& !this.arguments.get(i + 1).startsWith("--")) {
					return Optional.of(this.arguments.get(i + 1));
				}
			}
			return Optional.empty();
		}

	}

}
