package dev.gatewaykit.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.cli.Args;
import dev.gatewaykit.bench.cli.Command;
import dev.gatewaykit.bench.cli.CompareCommand;
import dev.gatewaykit.bench.cli.ExitCodes;
import dev.gatewaykit.bench.cli.FlipCommand;
import dev.gatewaykit.bench.cli.NginxRenderCommand;
import dev.gatewaykit.bench.cli.RenderCheckCommand;
import dev.gatewaykit.bench.cli.ReportCommand;
import dev.gatewaykit.bench.cli.SampleSocketsCommand;
import dev.gatewaykit.bench.cli.SummarizeModeCommand;
import dev.gatewaykit.bench.cli.SweepReportCommand;
import dev.gatewaykit.bench.cli.UsageException;
import dev.gatewaykit.launcher.BadInputException;

/**
 * The bench's tooling behind {@code ./kit bench}: everything that is logic rather than orchestration (rendering nginx
 * configs, summarizing runs, Little's law, reports, comparisons) lives here, tested, so the shell script stays thin.
 * <p>
 * Run as {@code java -cp "$(cat gatling/target/bench.classpath):gatling/target/classes"
 * dev.gatewaykit.bench.BenchCli <command> [options]}; {@code --help} after any command explains it. Exit status: 0
 * done, 1 a "no" (regression, failed render), 2 bad arguments or input.
 */
public final class BenchCli {

	private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

	static {
		for (Command command : List.of(new NginxRenderCommand(), new SummarizeModeCommand(), new ReportCommand(),
				new CompareCommand(), new SweepReportCommand(), new RenderCheckCommand(), new FlipCommand(),
				new SampleSocketsCommand())) {
			COMMANDS.put(command.name(), command);
		}
	}

	private BenchCli() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	public static int run(String[] argv, PrintStream out, PrintStream err) {
		if (argv.length == 0 || argv[0].equals("--help") || argv[0].equals("-h") || argv[0].equals("help")) {
			(argv.length == 0 ? err : out).print(usage());
			return (argv.length == 0) ? ExitCodes.USAGE : ExitCodes.OK;
		}
		Command command = COMMANDS.get(argv[0]);
		if (command == null) {
			err.println("error: unknown command '" + argv[0] + "'");
			err.print(usage());
			return ExitCodes.USAGE;
		}
		try {
			Args args = Args.parse(Arrays.asList(argv).subList(1, argv.length), command.options());
			if (args.help()) {
				out.print(command.help());
				return ExitCodes.OK;
			}
			return command.run(args, out, err);
		}
		catch (UsageException ex) {
			err.println("error: " + ex.getMessage());
			err.println();
			err.print(command.help());
			return ExitCodes.USAGE;
		}
		catch (BadInputException | IllegalArgumentException ex) {
			err.println("error: " + ex.getMessage());
			return ExitCodes.USAGE;
		}
		catch (Exception ex) {
			err.println("error: " + command.name() + " failed: " + ex);
			ex.printStackTrace(err);
			return ExitCodes.FAILED;
		}
	}

	static String usage() {
		StringBuilder text = new StringBuilder("usage: BenchCli <command> [options]   (<command> --help for details)\n\n");
		COMMANDS.values()
			.forEach((command) -> text.append(String.format("  %-15s %s%n", command.name(), command.summary())));
		text.append("\nexit: 0 done, 1 regression or failed check, 2 bad arguments or input\n");
		return text.toString();
	}

}
