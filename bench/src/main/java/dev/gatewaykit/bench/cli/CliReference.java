package dev.gatewaykit.bench.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine;

/**
 * Writes {@code docs/cli.md}, the command reference, from the commands themselves: the
 * usage of {@code ./kit} and of every user command, then the plumbing commands by name.
 * <p>
 * Run as {@code java -cp "bench/target/lib/*:bench/target/classes"
 * dev.gatewaykit.bench.cli.CliReference docs/cli.md} after {@code ./kit} has built.
 */
public final class CliReference {

	/** The command that rewrites the reference, for the test that finds it stale. */
	public static final String REGENERATE = "./kit help >/dev/null && java -cp \"bench/target/lib/*:bench/target/classes\" "
			+ CliReference.class.getName() + " docs/cli.md";

	private CliReference() {
	}

	public static void main(String[] args) throws IOException {
		Files.writeString(Path.of(args[0]), markdown());
	}

	/** The whole of {@code docs/cli.md}. */
	public static String markdown() {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		CommandLine kit = KitCli.commandLine(nowhere, nowhere);
		StringBuilder text = new StringBuilder();
		text.append("# The `./kit` command reference\n\n")
			.append("Generated from the commands' picocli declarations (`")
			.append(CliReference.class.getSimpleName())
			.append("`); do not edit by hand. A test fails when this file is stale; regenerate it with\n`")
			.append(REGENERATE)
			.append("`.\n\n")
			.append(usage(kit));
		StringBuilder plumbing = new StringBuilder();
		for (Map.Entry<String, CommandLine> command : kit.getSubcommands().entrySet()) {
			CommandLine.Model.UsageMessageSpec usage = command.getValue().getCommandSpec().usageMessage();
			if (usage.hidden()) {
				plumbing.append("- `")
					.append(command.getKey())
					.append("`: ")
					.append(usage.description()[0])
					.append('\n');
			}
			else if (!command.getKey().equals("help")) {
				text.append("\n## ./kit ").append(command.getKey()).append("\n\n").append(usage(command.getValue()));
			}
		}
		text.append("\n## Plumbing\n\n")
			.append("What the kit runs itself (next to the simulation, or in-process) and the tests call; hidden from ")
			.append("`./kit help`, each explains itself with `--help`.\n\n")
			.append(plumbing);
		return text.toString();
	}

	private static String usage(CommandLine command) {
		return "```text\n" + command.getUsageMessage(Ansi.OFF).stripTrailing() + "\n```\n";
	}

}
