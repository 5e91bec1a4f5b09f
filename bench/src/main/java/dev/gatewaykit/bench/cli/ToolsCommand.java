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
 * {@code ./kit tools}: toxiproxy and rnacos (the bench's), or actionlint (the tests'),
 * built once into the kit's tools directory.
 */
@Command(name = "tools", description = "install toxiproxy and rnacos (or actionlint) into the kit's tools directory",
		footer = { "",
				"Installs toxiproxy-server (go install) and rnacos (cargo install into ${CARGO_HOME:-~/.cargo}/bin, "
						+ "several minutes the first time, then copied) into KIT_TOOLS_BIN (default "
						+ "~/.cache/gateway-perf-kit/bin), by default both (the bench's tools); an rnacos of the pinned "
						+ "version already on PATH or in cargo's bin directory is copied instead of rebuilt. actionlint (go "
						+ "install), the linter the tests run on .github/workflows, only when named." })
public final class ToolsCommand extends KitCommand {

	@Parameters(paramLabel = "TOOL", arity = "0..3",
			description = "toxiproxy, rnacos or actionlint (default: toxiproxy and rnacos)")
	@Nullable List<String> tools;

	private static final List<String> TOOLS = List.of("toxiproxy", "rnacos", "actionlint");

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		List<String> wanted = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
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
				default ->
					out.println("actionlint: " + kit.tools().actionlint() + " (" + Tools.ACTIONLINT_VERSION + ")");
			}
		}
		return ExitCodes.OK;
	}

}
