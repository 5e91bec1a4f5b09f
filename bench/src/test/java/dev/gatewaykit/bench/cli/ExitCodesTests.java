package dev.gatewaykit.bench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.RunFailedException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only a bad command line or bad input is a usage error; an exception nobody expected is
 * a bug, reported as one. (The old KitCli caught every IllegalArgumentException as a
 * usage error: exit 2, no stack trace.)
 */
class ExitCodesTests {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@Test
	void anIllegalArgumentExceptionFromACommandIsABugWithItsStackTrace() {
		int code = execute(new IllegalArgumentException("index -1 out of bounds"));

		assertThat(code).isEqualTo(ExitCodes.INTERNAL);
		assertThat(err())
			.contains("error: internal error in ./kit failing: java.lang.IllegalArgumentException", "\tat ")
			.doesNotContain("Usage:");
	}

	@Test
	void aRefusedCombinationIsAUsageErrorWithTheUsage() {
		int code = execute(new UsageException("--a and --b exclude each other"));

		assertThat(code).isEqualTo(ExitCodes.USAGE);
		assertThat(err()).contains("error: --a and --b exclude each other", "Usage: ./kit failing")
			.doesNotContain("\tat ");
	}

	@Test
	void badInputIsAUsageErrorWithoutAStackTrace() {
		int code = execute(new BadInputException("no summary.json in /tmp/run"));

		assertThat(code).isEqualTo(ExitCodes.USAGE);
		assertThat(err()).isEqualTo("error: no summary.json in /tmp/run\n");
	}

	@Test
	void aServiceThatDidNotStartIsAFailureWithItsMessage() {
		int code = execute(new RunFailedException("gateway-1 not ready within 3 min"));

		assertThat(code).isEqualTo(ExitCodes.FAILED);
		assertThat(err()).isEqualTo("error: gateway-1 not ready within 3 min\n");
	}

	@Test
	void anIllegalStateExceptionIsABugWithItsStackTrace() {
		int code = execute(new IllegalStateException("a case ran before prepare()"));

		assertThat(code).isEqualTo(ExitCodes.INTERNAL);
		assertThat(err()).contains("error: internal error in ./kit failing: java.lang.IllegalStateException", "\tat ");
	}

	private int execute(RuntimeException failure) {
		PrintStream errStream = new PrintStream(this.err, true, StandardCharsets.UTF_8);
		CommandLine kit = KitCli.commandLine(new PrintStream(this.out, true, StandardCharsets.UTF_8), errStream);
		Failing failing = new Failing(failure);
		failing.streams(System.out, errStream);
		kit.addSubcommand(failing);
		// As KitCli does for its own commands: picocli's messages go to the same stream.
		kit.setErr(new PrintWriter(errStream, true, StandardCharsets.UTF_8));
		return kit.execute("failing");
	}

	private String err() {
		return this.err.toString(StandardCharsets.UTF_8);
	}

	@Command(name = "failing")
	static final class Failing extends KitCommand {

		private final RuntimeException failure;

		Failing(RuntimeException failure) {
			this.failure = failure;
		}

		@Override
		protected int run(GivenOptions args, PrintStream out, PrintStream err) {
			throw this.failure;
		}

	}

}
