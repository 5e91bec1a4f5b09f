package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.launcher.stack.ManagementAccess;
import dev.gatewaykit.launcher.stack.PidFiles;

/** {@code ./kit status}: what the kit started, by recorded PID, and the endpoints. */
@Command(name = "status",
		description = "what ./kit up or bench started (by recorded PID) and the endpoints in target/kit/stack.env")
public final class StatusCommand extends KitCommand {

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		List<PidFiles.Entry> entries = new PidFiles(kit.workspace().pids(), kit.log()).entries();
		if (entries.isEmpty()) {
			out.println("nothing is running");
		}
		for (PidFiles.Entry entry : entries) {
			out.println(entry.name() + ": " + (entry.alive() ? "running (pid " + entry.pid() + ")"
					: "not running (stale record of pid " + entry.pid() + ")"));
		}
		Path env = kit.workspace().kitDir().resolve("stack.env");
		if (Files.isRegularFile(env)) {
			// The password stays in the file (owner-only), not in a terminal or a pasted
			// log.
			out.print(Files.readString(env)
				.replaceAll("(?m)^(" + ManagementAccess.ENV + "=).*$", "$1(hidden; in " + env + ")"));
		}
		return ExitCodes.OK;
	}

}
