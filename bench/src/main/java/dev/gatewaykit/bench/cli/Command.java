package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.Set;

/** One subcommand of {@link dev.gatewaykit.bench.KitCli}. */
public interface Command {

	String name();

	/** One line for the command list. */
	String summary();

	/** The full help text: usage line, options, exit codes. */
	String help();

	/** The option names this command accepts, without dashes. */
	Set<String> options();

	/** The options without a value. */
	default Set<String> flags() {
		return Set.of();
	}

	/** The options (of {@link #options()}) that may be given more than once. */
	default Set<String> repeatable() {
		return Set.of();
	}

	/** How many positional words the command takes. */
	default int positional() {
		return 0;
	}

	/**
	 * Runs the command.
	 * @return the process exit code: {@link ExitCodes}
	 * @throws UsageException for bad arguments (exit 2)
	 * @throws dev.gatewaykit.launcher.BadInputException for missing or malformed input
	 * files (exit 2)
	 */
	int run(Args args, PrintStream out, PrintStream err) throws Exception;

}
