package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.gatewaykit.launcher.stack.ManagementAccess;
import dev.gatewaykit.launcher.stack.PidFiles;

/** {@code ./kit status}: what the kit started, by recorded PID, and the endpoints. */
public final class StatusCommand implements Command {

	@Override
	public String name() {
		return "status";
	}

	@Override
	public String summary() {
		return "what is running and the endpoints";
	}

	@Override
	public Set<String> options() {
		return Set.of();
	}

	@Override
	public String help() {
		return "usage: ./kit status — what ./kit up or bench started (by recorded PID) and the endpoints in "
				+ "target/kit/stack.env\n";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
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
