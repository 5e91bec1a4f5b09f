package dev.gatewaykit.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.cli.Args;
import dev.gatewaykit.bench.cli.BenchCommand;
import dev.gatewaykit.bench.cli.ChaosCommand;
import dev.gatewaykit.bench.cli.DownCommand;
import dev.gatewaykit.bench.cli.StatusCommand;
import dev.gatewaykit.bench.cli.AblateCommand;
import dev.gatewaykit.bench.cli.SoakCommand;
import dev.gatewaykit.bench.cli.SweepCommand;
import dev.gatewaykit.bench.cli.TestCommand;
import dev.gatewaykit.bench.cli.ToolsCommand;
import dev.gatewaykit.bench.cli.UpCommand;
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
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.nacos.NacosClient;

/**
 * The kit's command line: {@code ./kit} builds what is stale and runs this with its
 * arguments. The commands a user types ({@code up}, {@code down}, {@code status},
 * {@code bench}, {@code sweep}, {@code test}, {@code tools}) start processes through the
 * launcher module (and {@code chaos}, the gateway under faults); the others
 * ({@code report}, {@code compare}, {@code summarize-mode}, ...) work on a run's files,
 * and the bench calls them in-process too.
 * <p>
 * Run as
 * {@code java -cp "bench/target/lib/*:bench/target/classes" dev.gatewaykit.bench.KitCli <command>
 * [options]}; {@code --help} after any command explains it. Exit status: 0 done, 1 a "no"
 * (regression, failed render, failed tests), 2 bad arguments or input.
 */
public final class KitCli {

	private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

	static {
		for (Command command : List.of(new UpCommand(), new DownCommand(), new StatusCommand(), new BenchCommand(),
				new SweepCommand(), new AblateCommand(), new ChaosCommand(), new SoakCommand(), new TestCommand(),
				new ToolsCommand(), new ReportCommand(), new CompareCommand(), new SummarizeModeCommand(),
				new SweepReportCommand(), new RenderCheckCommand(), new NginxRenderCommand(), new FlipCommand(),
				new SampleSocketsCommand())) {
			COMMANDS.put(command.name(), command);
		}
	}

	private KitCli() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	public static int run(String[] argv, PrintStream out, PrintStream err) {
		if (argv.length == 0 || argv[0].equals("--help") || argv[0].equals("-h") || argv[0].equals("help")) {
			out.print(usage());
			return ExitCodes.OK;
		}
		Command command = COMMANDS.get(argv[0]);
		if (command == null) {
			err.println("error: unknown command '" + argv[0] + "'");
			err.print(usage());
			return ExitCodes.USAGE;
		}
		try {
			if (command instanceof TestCommand test) {
				return test.run(Arrays.asList(argv).subList(1, argv.length), out, err);
			}
			Args args = Args.parse(Arrays.asList(argv).subList(1, argv.length), command.options(), command.flags(),
					command.repeatable(), command.positional());
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
		catch (Tools.ToolException | IllegalStateException | NacosClient.NacosException ex) {
			// A missing tool, a service that did not come up, a refused start: the
			// message says what to do.
			err.println("error: " + ex.getMessage());
			return ExitCodes.FAILED;
		}
		catch (Exception ex) {
			err.println("error: " + command.name() + " failed: " + ex);
			ex.printStackTrace(err);
			return ExitCodes.FAILED;
		}
	}

	static String usage() {
		StringBuilder text = new StringBuilder("usage: ./kit <command> [options]   (<command> --help for details)\n\n");
		COMMANDS.values()
			.forEach((command) -> text.append(String.format("  %-15s %s%n", command.name(), command.summary())));
		text.append("\nexit: 0 done, 1 regression or failed check, 2 bad arguments or input\n");
		return text.toString();
	}

}
