package dev.gatewaykit.bench.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

import dev.gatewaykit.bench.options.ParsedArgs;

import static dev.gatewaykit.bench.cli.KitRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command {@code ./kit} has, taken from its registry (picocli's subcommands), so
 * that a new command is checked without being listed here.
 */
class CommandRegistryTests {

	static Stream<String> commands() {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		return KitCli.commandLine(nowhere, nowhere).getSubcommands().keySet().stream();
	}

	@ParameterizedTest(name = "./kit {0} --help prints its usage and exits 0")
	@MethodSource("commands")
	void helpPrintsTheUsage(String command) {
		KitRun result = run(command, "--help");

		assertThat(result.code()).isEqualTo(ExitCodes.OK);
		assertThat(result.out()).startsWith("Usage: ./kit " + command);
		assertThat(result.err()).isEmpty();
	}

	@ParameterizedTest(name = "./kit {0} --no-such-option exits 2 naming it")
	@MethodSource("commands")
	void aBadOptionIsAUsageErrorNamingIt(String command) {
		if (passesArgumentsThrough(command)) {
			// ./kit test: what the kit does not know is Maven's (-pl bench -am,
			// -Dtest=...).
			assertThat(ParsedArgs.of(command, "--no-such-option").unmatched()).containsExactly("--no-such-option");
			return;
		}
		KitRun result = run(command, "--no-such-option");

		assertThat(result.code()).isEqualTo(ExitCodes.USAGE);
		assertThat(result.err()).startsWith("error: ").contains("--no-such-option");
	}

	private static boolean passesArgumentsThrough(String command) {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		return !KitCli.commandLine(nowhere, nowhere)
			.getSubcommands()
			.get(command)
			.getCommandSpec()
			.unmatchedArgsBindings()
			.isEmpty();
	}

	@Test
	void theUsageListsTheUserCommandsAndHidesThePlumbing() {
		PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
		CommandLine kit = KitCli.commandLine(nowhere, nowhere);
		List<String> shown = kit.getSubcommands()
			.entrySet()
			.stream()
			.filter((entry) -> !entry.getValue().getCommandSpec().usageMessage().hidden())
			.map((entry) -> entry.getKey())
			.toList();

		assertThat(shown).containsExactly("up", "down", "status", "bench", "sweep", "ablate", "chaos", "soak", "gate",
				"knee", "test", "tools", "report", "compare", "merge", "help");
	}

}
