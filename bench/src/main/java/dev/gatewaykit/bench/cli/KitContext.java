package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;
import dev.gatewaykit.launcher.gatling.GatlingRun;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * What the kit's commands share: the workspace, the tools, the progress log
 * ({@code [kit HH:MM:SS] ...} on stderr) and the settings the environment may change
 * ({@code KIT_JVM_OPTS}, {@code KIT_GATLING_JVM_OPTS}, {@code KIT_HEALTH_TIMEOUT}).
 */
public record KitContext(Workspace workspace, Tools tools, Consumer<String> log, List<String> serviceJvmOptions,
		List<String> gatlingJvmOptions, Duration healthTimeout) {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

	public static KitContext current(PrintStream err) {
		Workspace workspace = Workspace.current();
		Consumer<String> log = (line) -> err.println("[kit " + LocalTime.now().format(TIME) + "] " + line);
		return new KitContext(workspace, Tools.fromEnvironment(workspace.logs(), log), log,
				options("KIT_JVM_OPTS", Stack.DEFAULT_JVM_OPTIONS), GatlingRun.jvmOptions(System.getenv()),
				Duration.ofSeconds(Long.parseLong(System.getenv().getOrDefault("KIT_HEALTH_TIMEOUT", "180"))));
	}

	/**
	 * A bench run with this context's workspace, tools, JVM options and health timeout.
	 */
	public BenchRun benchRun(BenchOptions options, PrintStream out, PrintStream err) {
		return new BenchRun(this.workspace, this.tools, options, this.serviceJvmOptions, this.gatlingJvmOptions,
				this.healthTimeout, this.log, out, err);
	}

	private static List<String> options(String variable, List<String> fallback) {
		String value = System.getenv(variable);
		return (value == null || value.isBlank()) ? fallback : Arrays.asList(value.trim().split("\\s+"));
	}

}
