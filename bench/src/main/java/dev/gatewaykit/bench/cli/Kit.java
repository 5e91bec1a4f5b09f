package dev.gatewaykit.bench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./kit} itself: the registry of its commands. The plumbing ones (what the bench
 * runs next to the simulation, or in-process, and what the tests call) are hidden from
 * this usage; each still answers {@code --help}.
 */
@Command(name = "./kit", synopsisSubcommandLabel = "<command>", commandListHeading = "%nCommands:%n",
		description = { "The Spring Cloud Gateway performance kit: start the stack, measure it, gate on it.", "" },
		footer = { "", "<command> --help explains a command.",
				"exit: 0 done, 1 regression or failed check, 2 bad arguments or input, 3 a bug in the kit, 4 the gate is "
						+ "unsure" },
		subcommands = { UpCommand.class, DownCommand.class, StatusCommand.class, BenchCommand.class, SweepCommand.class,
				AblateCommand.class, ChaosCommand.class, SoakCommand.class, GateCommand.class, KneeCommand.class,
				TestCommand.class, ToolsCommand.class, ReportCommand.class, CompareCommand.class, MergeCommand.class,
				HelpCommand.class, SummarizeModeCommand.class, SweepReportCommand.class, RenderCheckCommand.class,
				NginxRenderCommand.class, FlipCommand.class, SampleSocketsCommand.class })
public final class Kit implements Runnable {

	@Spec
	CommandSpec spec;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "show this help and exit")
	boolean help;

	@Override
	public void run() {
		// ./kit alone: the commands, like --help.
		this.spec.commandLine().usage(this.spec.commandLine().getOut());
	}

}
