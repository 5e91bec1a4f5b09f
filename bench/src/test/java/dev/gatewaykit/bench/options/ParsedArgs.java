package dev.gatewaykit.bench.options;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.bench.cli.KitCli;

/** A command line parsed the way {@code ./kit} parses it, without running the command. */
public final class ParsedArgs {

	private ParsedArgs() {
	}

	/**
	 * What picocli matched for {@code ./kit command argv...}.
	 * @throws picocli.CommandLine.ParameterException when picocli refuses the line
	 */
	public static GivenOptions of(String command, String... argv) {
		List<String> line = new ArrayList<>(List.of(command));
		line.addAll(List.of(argv));
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		return GivenOptions
			.of(KitCli.commandLine(nowhere, nowhere).parseArgs(line.toArray(String[]::new)).subcommand());
	}

}
