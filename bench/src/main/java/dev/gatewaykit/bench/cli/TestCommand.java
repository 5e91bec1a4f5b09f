package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.launcher.Tools;

/**
 * {@code ./kit test}: provisions what the test suite runs against, then
 * {@code ./mvnw -B verify} with the rest of the command line appended: what picocli does
 * not match goes to Maven as it is.
 */
@Command(name = "test", description = "install what the tests need, then ./mvnw -B verify",
		customSynopsis = "./kit test [--provision-only] [MAVEN ARGS...]")
public final class TestCommand extends KitCommand {

	@Option(names = "--provision-only", description = "stop after step 6")
	boolean provisionOnly;

	/** Maven's: everything the kit does not declare, in order. */
	@Unmatched
	@Nullable List<String> maven;

	/** The longest the whole suite may take before it is stopped. */
	private static final Duration VERIFY_TIMEOUT = Duration.ofMinutes(75);

	@Override
	public void describe(UsageMessageSpec usage) {
		// One element per line: picocli would break the install commands at their dots.
		usage.footer("",
				"Provisions what the test suite runs against, then runs ./mvnw -B verify with MAVEN ARGS appended",
				"(e.g. ./kit test -pl bench -am). Elapsed time is printed per phase.",
				"  1. OS packages " + String.join(" ", packages()) + ": installed with apt-get as root",
				"     (apt-get update first); without root the kit stops and names the apt-get command. chromium and",
				"     shellcheck are for the tests only: the report tests render report.html in chromium, and",
				"     actionlint runs shellcheck on the workflows' run: scripts.",
				"  2. rnacos " + Tools.RNACOS_VERSION + " (the Nacos discovery tests): found, or built once with",
				"     cargo install rnacos --locked --version " + Tools.RNACOS_VERSION
						+ " (several minutes) and copied into the kit's tools.",
				"     The tests are given it as RNACOS_BIN.",
				"  3. toxiproxy " + Tools.TOXIPROXY_VERSION
						+ " (the launcher's toxiproxy test): found, or built once with go install.",
				"  4. actionlint " + Tools.ACTIONLINT_VERSION
						+ " (the tests that lint .github/workflows): found, or built once with",
				"     go install "
						+ Tools.ACTIONLINT_PACKAGE + "@" + Tools.ACTIONLINT_VERSION + " into the kit's tools.",
				"     The tests are given it as ACTIONLINT_BIN.",
				"  5. kustomize " + Tools.KUSTOMIZE_VERSION
						+ " (the tests that render deploy/k8s): found, or built once with",
				"     go install " + Tools.KUSTOMIZE_PACKAGE + "@" + Tools.KUSTOMIZE_VERSION + " into the kit's tools.",
				"     The tests are given it as KUSTOMIZE_BIN.",
				"  6. kubernetes-validate " + Tools.KUBERNETES_VALIDATE_VERSION
						+ " (the tests that validate deploy/k8s against Kubernetes " + Tools.KUBERNETES_VERSION + "):",
				"     found, or installed once with pip install kubernetes-validate=="
						+ Tools.KUBERNETES_VALIDATE_VERSION,
				"     into a virtual environment next to the kit's tools (python3 -m venv; it bundles the schemas, so",
				"     the tests run offline). The tests are given it as KUBERNETES_VALIDATE_BIN.",
				"  7. ./mvnw -B verify.");
	}

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		boolean provisionOnly = this.provisionOnly;
		KitContext kit = KitContext.current(err);
		long started = System.nanoTime();
		// One apt-get install for the bench's packages and the tests' own.
		phase(kit, "OS packages (" + String.join(" ", packages()) + ")", () -> kit.tools().osPackages(packages()));
		Path[] rnacos = new Path[1];
		phase(kit, "rnacos " + Tools.RNACOS_VERSION, () -> rnacos[0] = kit.tools().rnacos());
		phase(kit, "toxiproxy " + Tools.TOXIPROXY_VERSION, () -> kit.tools().toxiproxy());
		Path[] actionlint = new Path[1];
		phase(kit, "actionlint " + Tools.ACTIONLINT_VERSION, () -> actionlint[0] = kit.tools().actionlint());
		Path[] kustomize = new Path[1];
		phase(kit, "kustomize " + Tools.KUSTOMIZE_VERSION, () -> kustomize[0] = kit.tools().kustomize());
		Path[] kubernetesValidate = new Path[1];
		phase(kit, "kubernetes-validate " + Tools.KUBERNETES_VALIDATE_VERSION,
				() -> kubernetesValidate[0] = kit.tools().kubernetesValidate());
		if (provisionOnly) {
			kit.log().accept("provisioned in " + seconds(started) + " s");
			return ExitCodes.OK;
		}
		List<String> command = new ArrayList<>(List.of("./mvnw", "-B", "verify"));
		command.addAll(args.unmatched());
		kit.log().accept("── " + String.join(" ", command));
		long verifyStarted = System.nanoTime();
		ProcessBuilder builder = new ProcessBuilder(command).directory(kit.workspace().root().toFile()).inheritIO();
		// The tests look for their tools in RNACOS_BIN, ACTIONLINT_BIN, KUSTOMIZE_BIN and
		// KUBERNETES_VALIDATE_BIN first: hand them exactly the binaries just checked.
		builder.environment().put("RNACOS_BIN", rnacos[0].toString());
		builder.environment().put("ACTIONLINT_BIN", actionlint[0].toString());
		builder.environment().put("KUSTOMIZE_BIN", kustomize[0].toString());
		builder.environment().put("KUBERNETES_VALIDATE_BIN", kubernetesValidate[0].toString());
		Process process = builder.start();
		if (!process.waitFor(VERIFY_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
			process.destroyForcibly();
			kit.log().accept("./mvnw -B verify still ran after " + VERIFY_TIMEOUT.toMinutes() + " minutes; stopped");
			return ExitCodes.FAILED;
		}
		int status = process.exitValue();
		kit.log()
			.accept("── ./mvnw -B verify: exit " + status + " after " + seconds(verifyStarted)
					+ " s (all of ./kit test: " + seconds(started) + " s)");
		return (status == 0) ? ExitCodes.OK : ExitCodes.FAILED;
	}

	private static List<String> packages() {
		List<String> packages = new ArrayList<>(Tools.BENCH_PACKAGES);
		packages.addAll(Tools.TEST_PACKAGES);
		return packages;
	}

	private static void phase(KitContext kit, String name, Runnable step) {
		long started = System.nanoTime();
		kit.log().accept("── " + name);
		step.run();
		kit.log().accept("── " + name + ": done in " + seconds(started) + " s");
	}

	private static long seconds(long startedNanos) {
		return Duration.ofNanos(System.nanoTime() - startedNanos).toSeconds();
	}

}
