package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.nacos.NacosClient;

/**
 * The kit's command line: {@code ./kit} builds what is stale and runs this with its
 * arguments. The commands ({@link Kit}'s subcommands) are declared with picocli, which
 * parses their options and writes their help.
 * <p>
 * Run as
 * {@code java -cp "bench/target/lib/*:bench/target/classes" dev.gatewaykit.bench.cli.KitCli <command>
 * [options]}; {@code --help} after any command explains it. Exit status
 * ({@link ExitCodes}): 0 done, 1 a "no" (regression, failed render, failed tests, a
 * service that did not start), 2 bad arguments or input, 3 a bug in the kit (with its
 * stack trace).
 */
public final class KitCli {

	/**
	 * Wide enough for the option tables of bench and sweep without wrapping every line.
	 */
	private static final int USAGE_WIDTH = 110;

	private KitCli() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	public static int run(String[] argv, PrintStream out, PrintStream err) {
		return commandLine(out, err).execute(argv);
	}

	/**
	 * The kit's commands, printing to {@code out} and {@code err}, with its exit codes:
	 * only a bad command line (picocli's or a command's {@link UsageException}) is a
	 * usage error.
	 */
	public static CommandLine commandLine(PrintStream out, PrintStream err) {
		CommandLine cli = new CommandLine(new Kit());
		cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
		cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
		cli.setUsageHelpWidth(USAGE_WIDTH);
		cli.setParameterExceptionHandler(KitCli::badArguments);
		cli.setExecutionExceptionHandler((ex, command, parsed) -> failed(ex, command, parsed, err));
		// Options in the order they are declared, which groups them by idea.
		cli.getCommandSpec().usageMessage().sortOptions(false);
		cli.getSubcommands().values().forEach((command) -> {
			command.getCommandSpec()
				.usageMessage()
				.sortOptions(false)
				.abbreviateSynopsis(true)
				.optionListHeading("%nOptions:%n");
			if (command.getCommand() instanceof KitCommand kitCommand) {
				kitCommand.streams(out, err);
				kitCommand.describe(command.getCommandSpec().usageMessage());
			}
		});
		return cli;
	}

	private static int badArguments(ParameterException ex, String[] argv) {
		String message = ex.getMessage();
		if (ex instanceof MissingParameterException) {
			// picocli checks required options before it reports unknown ones; a
			// misspelt option is the likelier mistake, so name it first.
			message = unknownOptions(ex.getCommandLine(), argv).map((unknown) -> "Unknown option: " + unknown)
				.orElse(message);
		}
		return usageError(message, ex.getCommandLine());
	}

	private static Optional<String> unknownOptions(CommandLine command, String[] argv) {
		CommandSpec spec = command.getCommandSpec();
		if (!spec.unmatchedArgsBindings().isEmpty()) {
			return Optional.empty();
		}
		List<String> unknown = Arrays.stream(argv)
			.filter((arg) -> arg.startsWith("-") && spec.findOption(arg.replaceFirst("=.*", "")) == null)
			.map((arg) -> "'" + arg + "'")
			.toList();
		return unknown.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", unknown));
	}

	private static int usageError(String message, CommandLine command) {
		PrintWriter err = command.getErr();
		err.println("error: " + message);
		err.print(command.getHelp().fullSynopsis());
		err.println("(" + command.getCommandSpec().qualifiedName() + " --help for details)");
		err.flush();
		return ExitCodes.USAGE;
	}

	private static int failed(Exception ex, CommandLine command, ParseResult parsed, PrintStream err) {
		if (ex instanceof UsageException) {
			return usageError(ex.getMessage(), command);
		}
		if (ex instanceof BadInputException) {
			err.println("error: " + ex.getMessage());
			return ExitCodes.USAGE;
		}
		if (ex instanceof RunFailedException || ex instanceof Tools.ToolException
				|| ex instanceof NacosClient.NacosException || ex instanceof UncheckedIOException) {
			// A missing tool, a service that did not come up, a refused start, a file
			// that cannot be written: the message says what to do.
			err.println("error: " + ex.getMessage());
			return ExitCodes.FAILED;
		}
		// Anything else is a bug: the arguments were fine, so no usage, but where it
		// happened.
		err.println("error: internal error in " + command.getCommandSpec().qualifiedName() + ": " + ex);
		ex.printStackTrace(err);
		return ExitCodes.INTERNAL;
	}

}
