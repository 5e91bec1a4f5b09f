package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.gatewaykit.launcher.Tools;

/**
 * {@code ./kit tools}: toxiproxy and rnacos (the bench's), or actionlint (the tests'),
 * built once into the kit's tools directory.
 */
public final class ToolsCommand implements Command {

	private static final List<String> TOOLS = List.of("toxiproxy", "rnacos", "actionlint");

	@Override
	public String name() {
		return "tools";
	}

	@Override
	public String summary() {
		return "install toxiproxy and rnacos (or actionlint) into the kit's tools directory";
	}

	@Override
	public Set<String> options() {
		return Set.of();
	}

	@Override
	public int positional() {
		return 3;
	}

	@Override
	public String help() {
		return "usage: ./kit tools [toxiproxy] [rnacos] [actionlint] — install toxiproxy-server "
				+ Tools.TOXIPROXY_VERSION + " (go install) and rnacos " + Tools.RNACOS_VERSION
				+ " (cargo install into ${CARGO_HOME:-~/.cargo}/bin,"
				+ " several minutes the first time, then copied) into KIT_TOOLS_BIN (default "
				+ "~/.cache/gateway-perf-kit/bin), default both (the bench's tools); an rnacos of the pinned version "
				+ "already on PATH or in cargo's bin directory is copied instead of rebuilt. actionlint "
				+ Tools.ACTIONLINT_VERSION + " (go install), the linter the tests run on .github/workflows, only "
				+ "when named\n";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
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
