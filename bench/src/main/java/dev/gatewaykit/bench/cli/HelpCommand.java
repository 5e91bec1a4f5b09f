package dev.gatewaykit.bench.cli;

import java.io.PrintStream;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;

/** {@code ./kit help [COMMAND]}: the same as {@code ./kit [COMMAND] --help}. */
@Command(name = "help", description = "the commands, or one command's options: ./kit help [COMMAND]")
public final class HelpCommand extends KitCommand {

	@Parameters(paramLabel = "COMMAND", arity = "0..1", description = "the command to explain (default: all of them)")
	@Nullable String command;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) {
		CommandLine kit = this.spec.commandLine().getParent();
		String name = args.positional(0, "");
		if (name.isEmpty()) {
			kit.usage(out);
			return ExitCodes.OK;
		}
		CommandLine command = kit.getSubcommands().get(name);
		if (command == null) {
			throw new UsageException("unknown command '" + name + "'");
		}
		command.usage(out);
		return ExitCodes.OK;
	}

}
