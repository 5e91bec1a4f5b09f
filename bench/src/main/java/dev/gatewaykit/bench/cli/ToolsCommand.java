package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.Tools;

/**
 * {@code ./kit tools}: toxiproxy and rnacos (the bench's), or actionlint, kustomize and
 * kubernetes-validate (the tests'), installed once into the kit's tools directory.
 */
@Command(name = "tools",
		description = "install toxiproxy and rnacos (or the tests' tools) into the kit's tools directory",
		footer = { "",
				"Installs toxiproxy-server (go install) and rnacos (cargo install into ${CARGO_HOME:-~/.cargo}/bin, "
						+ "several minutes the first time, then copied) into KIT_TOOLS_BIN (default "
						+ "~/.cache/gateway-perf-kit/bin), by default both (the bench's tools); an rnacos of the pinned "
						+ "version already on PATH or in cargo's bin directory is copied instead of rebuilt. The tests' tools "
						+ "only when named: actionlint (go install), the linter they run on .github/workflows; kustomize "
						+ "(go install), which renders deploy/k8s; kubernetes-validate (pip, into "
						+ "venv-kubernetes-validate next to KIT_TOOLS_BIN), which validates what kustomize renders." })
public final class ToolsCommand extends KitCommand {

	@Parameters(paramLabel = "TOOL", arity = "0..5",
			description = "toxiproxy, rnacos, actionlint, kustomize or "
					+ "kubernetes-validate (default: toxiproxy and rnacos)")
	@Nullable List<String> tools;

	private static final List<String> TOOLS = List.of("toxiproxy", "rnacos", "actionlint", "kustomize",
			"kubernetes-validate");

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		List<String> wanted = new ArrayList<>();
		for (int i = 0; i < TOOLS.size(); i++) {
			String tool = args.positional(i, "");
			if (!tool.isEmpty()) {
				if (!TOOLS.contains(tool)) {
					throw new UsageException("unknown tool '" + tool + "' (" + String.join(", ", TOOLS) + ")");
				}
				wanted.add(tool);
			}
		}
		if (wanted.isEmpty()) {
			wanted = List.of("toxiproxy", "rnacos");
		}
		for (String tool : wanted) {
			switch (tool) {
				case "toxiproxy" -> out.println("toxiproxy-server: " + kit.tools().toxiproxy());
				case "rnacos" -> out.println("rnacos: " + kit.tools().rnacos() + " (" + Tools.RNACOS_VERSION + ")");
				case "actionlint" ->
					out.println("actionlint: " + kit.tools().actionlint() + " (" + Tools.ACTIONLINT_VERSION + ")");
				case "kustomize" ->
					out.println("kustomize: " + kit.tools().kustomize() + " (" + Tools.KUSTOMIZE_VERSION + ")");
				default -> out.println("kubernetes-validate: " + kit.tools().kubernetesValidate() + " ("
						+ Tools.KUBERNETES_VALIDATE_VERSION + ", Kubernetes " + Tools.KUBERNETES_VERSION + " schemas)");
			}
		}
		return ExitCodes.OK;
	}

}
