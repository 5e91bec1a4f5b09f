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
 * The CI example {@code .github/workflows/gateway-gate.yml} runs the A/B gate the way the
 * kit defines it: one {@code ./kit gate} in one job, the pull request's gateway as the
 * candidate and its base commit as the baseline (built by the kit from a checkout with
 * history), UNSURE (exit 4) a warning rather than a pass or a failure, the verdict
 * published and the files uploaded when the gate fails too, and every argument one
 * {@code ./kit gate} takes. Read from the parsed YAML and the command lines of its
 * {@code run:} scripts, so that the example cannot drift from the kit unnoticed.
 */
class GatewayGateWorkflowTests {

	private static final String BASE_SHA = "${{ github.event.pull_request.base.sha }}";

	private final Workflow workflow = Workflow.read("gateway-gate.yml");

	@Test
	void runsOnPullRequests() {
		assertThat(this.workflow.events()).contains("pull_request");
	}

	@Test
	void gatesThePullRequestAgainstItsBaseCommitInOneCommand() {
		assertThat(kitCalls("bench")).as("./kit bench calls: the gate measures both sides itself").isEmpty();
		KitCall gate = onlyGate();
		String baseline = gate.option("baseline").orElseThrow(() -> new AssertionError("the gate has no --baseline"));

		assertThat(baseline).startsWith("$");
		assertThat(gate.step().env(baseline.replaceAll("[${}\"]", ""))).as("the variable %s", baseline)
			.contains(BASE_SHA);
		assertThat(gate.option("candidate")).as("the candidate: this checkout's own gateway").isEmpty();
		Step checkout = this.workflow.steps()
			.stream()
			.filter((step) -> step.uses().orElse("").startsWith("actions/checkout@"))
			.filter((step) -> step.job().equals(gate.step().job()))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no checkout in the gate's job"));
		assertThat(checkout.with("fetch-depth")).as("the base commit must be there to build").contains("0");
		assertThat(checkout.with("ref")).as("the pull request's merge commit, the default").isEmpty();
	}

	@Test
	void reportsUnsureAsAWarningAndFailsOnEveryOtherNonZeroExit() {
		String script = onlyGate().step().run().orElseThrow();

		assertThat(script).contains("-eq 4").contains("::warning").contains("exit \"$status\"");
	}

	@Test
	void uploadsTheGateAndPublishesTheVerdictWhenTheGateFailsToo() {
		List<Step> afterTheGate = this.workflow.steps()
			.subList(this.workflow.steps().indexOf(onlyGate().step()) + 1, this.workflow.steps().size());

		Step upload = afterTheGate.stream()
			.filter((step) -> step.uses().orElse("").startsWith("actions/upload-artifact@"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no actions/upload-artifact step after the gate"));
		assertThat(upload.condition()).as("the upload's if:").containsAnyOf("!cancelled()", "always()", "failure()");
		assertThat(afterTheGate).as("steps reading verdict.json or junit.xml")
			.filteredOn((step) -> step.fields().toString().contains("verdict.json")
					|| step.fields().toString().contains("junit.xml"))
			.hasSizeGreaterThanOrEqualTo(2)
			.allSatisfy((step) -> assertThat(step.condition()).as(step.name())
				.containsAnyOf("!cancelled()", "always()", "failure()"));
	}

	@Test
	void passesOnlyWhatKitGateTakes() {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		KitCall call = onlyGate();
		// The kit's own parser, exactly as ./kit runs it: an option it does not know, one
		// without its value or one given twice stops ./kit gate with exit 2.
		List<String> line = new ArrayList<>(List.of("gate"));
		line.addAll(call.arguments());
		assertThatCode(() -> KitCli.commandLine(nowhere, nowhere).parseArgs(line.toArray(String[]::new)))
			.as("./kit gate %s", String.join(" ", call.arguments()))
			.doesNotThrowAnyException();
	}

	private KitCall onlyGate() {
		List<KitCall> gates = kitCalls("gate");
		assertThat(gates).as("./kit gate calls in %s", this.workflow.file).hasSize(1);
		return gates.get(0);
	}

	/** Every {@code ./kit <command>} line of every {@code run:} script, in order. */
	private List<KitCall> kitCalls(String command) {
		List<KitCall> calls = new ArrayList<>();
		for (Step step : this.workflow.steps()) {
			for (List<String> words : ShellWords.commands(step.run().orElse(""))) {
				if (words.size() >= 2 && words.get(0).equals("./kit") && words.get(1).equals(command)) {
					calls.add(new KitCall(step, words.subList(2, words.size())));
				}
			}
		}
		return calls;
	}

	/**
	 * One {@code ./kit} command line.
	 *
	 * @param step the step whose script runs it
	 * @param arguments its arguments after the command, as the shell passes them
	 */
	record KitCall(Step step, List<String> arguments) {

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
