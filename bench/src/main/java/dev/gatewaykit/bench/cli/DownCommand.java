package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;

import picocli.CommandLine.Command;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.launcher.stack.PidFiles;

/**
 * {@code ./kit down}: stops exactly the processes {@code up} (or an interrupted bench)
 * started, by recorded PID.
 */
@Command(name = "down", description = { "stop what ./kit up (or an interrupted bench) started, by recorded PID", "",
		"Stops the processes recorded under target/kit/pids, and only those." })
public final class DownCommand extends KitCommand {

	/** Front to back: nothing is left calling a service that is already gone. */
	static final List<String> ORDER = List.of("nginx", "gateway", "toxiproxy", "mall-api", "auth-service", "rnacos",
			"redis");

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
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
