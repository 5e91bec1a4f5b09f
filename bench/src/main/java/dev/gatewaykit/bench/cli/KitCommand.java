package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;

/**
 * One command of {@code ./kit}: picocli declares its options (on the subclass and its
 * option groups), parses them and writes its help; {@link #run} does the work with what
 * was given.
 */
public abstract class KitCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "show this help and exit")
	boolean help;

	private PrintStream out = System.out;

	private PrintStream err = System.err;

	/**
	 * Where the command prints its results ({@code out}) and its progress ({@code err}).
	 */
	public void streams(PrintStream out, PrintStream err) {
		this.out = out;
		this.err = err;
	}

	/**
	 * Adds to the command's usage what its annotations cannot say (versions, lists
	 * computed at run time).
	 */
	public void describe(UsageMessageSpec usage) {
	}

	@Override
	public final Integer call() throws Exception {
		return run(GivenOptions.of(this.spec.commandLine().getParseResult()), this.out, this.err);
	}

	/**
	 * Runs the command.
	 * @return the process exit code: {@link ExitCodes}
	 * @throws UsageException for a combination of options the command refuses (exit 2)
	 * @throws dev.gatewaykit.bench.model.BadInputException for missing or malformed input
	 * files (exit 2)
	 */
	protected abstract int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception;

}
