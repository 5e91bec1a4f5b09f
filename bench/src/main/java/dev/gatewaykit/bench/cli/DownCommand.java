package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;

import dev.gatewaykit.launcher.stack.PidFiles;

/**
 * {@code ./kit down}: stops exactly the processes {@code up} (or an interrupted bench)
 * started, by recorded PID.
 */
public final class DownCommand implements Command {

	/** Front to back: nothing is left calling a service that is already gone. */
	static final List<String> ORDER = List.of("nginx", "gateway", "toxiproxy", "mall-api", "auth-service", "rnacos",
			"redis");

	@Override
	public String name() {
		return "down";
	}

	@Override
	public String summary() {
		return "stop what ./kit up started";
	}

	@Override
	public Set<String> options() {
		return Set.of();
	}

	@Override
	public String help() {
		return "usage: ./kit down — stops the processes recorded under target/kit/pids (and only those)\n";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		PidFiles pids = new PidFiles(kit.workspace().pids(), kit.log());
		List<PidFiles.Entry> entries = pids.entries();
		for (String prefix : ORDER) {
			entries.stream()
				.filter((entry) -> entry.name().startsWith(prefix))
				.forEach((entry) -> pids.stop(entry.name()));
		}
		pids.entries().forEach((entry) -> pids.stop(entry.name()));
		Files.deleteIfExists(kit.workspace().kitDir().resolve("stack.env"));
		kit.log().accept("down");
		return ExitCodes.OK;
	}

}
