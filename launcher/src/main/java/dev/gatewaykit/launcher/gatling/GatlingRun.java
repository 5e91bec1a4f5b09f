package dev.gatewaykit.launcher.gatling;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.gatewaykit.bench.model.Simulations;
import dev.gatewaykit.launcher.FileTrees;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.Workspace;

/**
 * One Gatling run of a simulation, in a JVM of its own, straight from the simulation's
 * class path (no Maven at bench time, so nothing depends on what the Maven repository
 * holds). The simulation writes its figures into {@code dir} ({@code measured.json},
 * {@code timeseries.json}); Gatling's own HTML report lands in {@code dir/gatling}, its
 * console in {@code dir/gatling.out}.
 * <p>
 * The simulation is the kit's scenario ({@link #SIMULATION}) or any other on the class
 * path: one of the kit's test sources, or a user's compiled elsewhere and added through
 * {@code extraClassPath}. To be measured it extends the kit's {@code KitSimulation},
 * which writes {@code measured.json}.
 *
 * @param simulation the simulation's fully qualified class name
 * @param classPath the kit's simulation class path ({@code Workspace#gatlingClassPath()})
 * @param extraClassPath a user's compiled simulation: class directories, jars, or
 * {@code dir/*} for every jar in {@code dir}; empty for the kit's own
 * @param jvmOptions the injector's JVM options
 * @param properties the simulation's {@code bench.*} system properties
 * @param dir where the run's files go
 * @param label the run's name in the simulation's progress lines ({@code [label] ...}),
 * which are echoed
 * @param timeout the longest the run may take: the longest warm-up, the window and the
 * request timeout, plus room
 */
public record GatlingRun(String simulation, List<Path> classPath, List<Path> extraClassPath, List<String> jvmOptions,
		Map<String, String> properties, Path dir, String label, Duration timeout) {

	/** The kit's own scenario. */
	public static final String SIMULATION = Simulations.PRODUCT_BROWSE;

	/**
	 * The injector's JVM options unless {@value #JVM_OPTIONS_VARIABLE} says otherwise:
	 * Gatling wants room for 150+ users' sessions.
	 */
	public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xms256m", "-Xmx1g", "-XX:ThreadPriorityPolicy=1");

	/** The environment variable that replaces {@link #DEFAULT_JVM_OPTIONS}. */
	public static final String JVM_OPTIONS_VARIABLE = "KIT_GATLING_JVM_OPTS";

	private static final String IDENTIFIER = "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*";

	/** A Java class name: dot-separated identifiers. */
	private static final Pattern CLASS_NAME = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")*");

	/** What Gatling's own launchers pass: its log writer reads String internals. */
	private static final List<String> ADD_OPENS = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
			"--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

	public GatlingRun {
		if (!CLASS_NAME.matcher(simulation).matches()) {
			throw new IllegalArgumentException("not a simulation class name: '" + simulation + "'");
		}
		classPath = List.copyOf(classPath);
		extraClassPath = List.copyOf(extraClassPath);
		properties = new LinkedHashMap<>(properties);
	}

	/** The kit's own scenario, {@link #SIMULATION}, on the kit's class path alone. */
	public GatlingRun(List<Path> classPath, List<String> jvmOptions, Map<String, String> properties, Path dir,
			String label, Duration timeout) {
		this(SIMULATION, classPath, List.of(), jvmOptions, properties, dir, label, timeout);
	}

	/**
	 * The injector's JVM options: {@value #JVM_OPTIONS_VARIABLE}, split at white space,
	 * or {@link #DEFAULT_JVM_OPTIONS} when it is unset or blank.
	 */
	public static List<String> jvmOptions(Map<String, String> environment) {
		String value = environment.get(JVM_OPTIONS_VARIABLE);
		return (value == null || value.isBlank()) ? DEFAULT_JVM_OPTIONS : List.of(value.strip().split("\\s+"));
	}

	/**
	 * The simulation's {@code bench.*} properties for one run: where it sends the load
	 * and which kind of target that is ({@code gateway}, {@code vanilla} or
	 * {@code ceiling}, for the report), the load's own properties ({@link Load}), whom it
	 * logs in, its name in the progress lines, and where its figures go.
	 */
	public static Map<String, String> properties(URI baseUrl, String target, Map<String, String> load, Path usersCsv,
			String label, Path dir) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("bench.baseUrl", baseUrl.toString());
		properties.put("bench.target", target);
		properties.putAll(load);
		properties.put("bench.usersCsv", usersCsv.toString());
		properties.put("bench.label", label);
		properties.put("bench.out", dir.toString());
		return properties;
	}

	/**
	 * The entries of {@code extraClassPath} that are not there (for {@code dir/*}, the
	 * directory): a typo there would otherwise show only in {@code gatling.out}, as a
	 * simulation Gatling cannot find, after the stack has started.
	 */
	public List<Path> missingExtraClassPath() {
		return this.extraClassPath.stream().filter((entry) -> !Files.exists(Workspace.location(entry))).toList();
	}

	/** The command line, for the log and the tests. */
	public List<String> command() {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(this.jvmOptions);
		command.addAll(ADD_OPENS);
		command.add("-cp");
		// The user's entries after the kit's: the kit's classes and gatling.conf (no
		// console block, no analytics) win over copies a user's jar may carry.
		command.add(Stream.concat(this.classPath.stream(), this.extraClassPath.stream())
			.map(Path::toString)
			.collect(Collectors.joining(File.pathSeparator)));
		this.properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
		command
			.addAll(List.of("io.gatling.app.Gatling", "-s", this.simulation, "-rf", results().toString(), "-l", "kit"));
		return command;
	}

	/**
	 * Runs the simulation to its end and echoes its progress lines.
	 * @throws RunFailedException when an entry of {@code extraClassPath} is missing
	 * (nothing is started)
	 * @throws RunFailedException when it ran out of time or wrote no
	 * {@code measured.json}
	 */
	public void run(Consumer<String> progress) {
		run(progress, (process) -> {
		});
	}

	/**
	 * Likewise, telling {@code started} the simulation's process as soon as it runs (the
	 * bench samples the injector's CPU).
	 */
	public void run(Consumer<String> progress, Consumer<ProcessHandle> started) {
		List<Path> missing = missingExtraClassPath();
		if (!missing.isEmpty()) {
			throw new RunFailedException("the class path of " + this.simulation + " names what is not there: "
					+ missing.stream().map(Path::toString).collect(Collectors.joining(", ")));
		}
		try {
			Files.createDirectories(this.dir);
			FileTrees.delete(results());
			Process process = new ProcessBuilder(command()).redirectErrorStream(true).start();
			// A kit stopped by a signal (SIGTERM: kill, a CI's cancel) runs its shutdown
			// hooks, which stop the services it started; without this one the injector
			// would go on loading a stack that is gone, an orphan, for the rest of its
			// run.
			Thread stopInjector = new Thread(process::destroyForcibly, "gatling-stop");
			Runtime.getRuntime().addShutdownHook(stopInjector);
			started.accept(process.toHandle());
			// Daemon: a stuck pump must never keep the JVM alive.
			Thread pump = new Thread(() -> copy(process, progress), "gatling-output");
			pump.setDaemon(true);
			pump.start();
			try {
				if (!process.waitFor(this.timeout.toSeconds(), TimeUnit.SECONDS)) {
					process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
					throw new RunFailedException("Gatling (" + this.label + ") still ran after "
							+ this.timeout.toSeconds() + " s; stopped. Its output: " + this.dir.resolve("gatling.out"));
				}
			}
			finally {
				removeHook(stopInjector);
			}
			pump.join(TimeUnit.SECONDS.toMillis(10));
			moveReport();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Gatling (" + this.label + ") could not run", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
		if (!Files.isRegularFile(this.dir.resolve("measured.json"))) {
			throw new RunFailedException("the simulation wrote no " + this.dir.resolve("measured.json")
					+ "; its output: " + this.dir.resolve("gatling.out"));
		}
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// The JVM is shutting down: the hook runs (or ran) anyway.
		}
	}

	private void copy(Process process, Consumer<String> progress) {
		String marker = "[" + this.label + "]";
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
				Writer out = Files.newBufferedWriter(this.dir.resolve("gatling.out"), StandardCharsets.UTF_8)) {
			String line;
			while ((line = in.readLine()) != null) {
				out.write(line);
				out.write('\n');
				if (line.contains(marker)) {
					progress.accept(line);
				}
			}
		}
		catch (IOException ex) {
			progress.accept("(Gatling's output could not be copied: " + ex.getMessage() + ")");
		}
	}

	private Path results() {
		return this.dir.resolve("gatling-results");
	}

	/**
	 * Gatling writes its report into a directory named for the simulation and the time;
	 * it becomes dir/gatling.
	 */
	private void moveReport() throws IOException {
		if (!Files.isDirectory(results())) {
			return;
		}
		try (DirectoryStream<Path> reports = Files.newDirectoryStream(results(), Files::isDirectory)) {
			for (Path report : reports) {
				FileTrees.delete(this.dir.resolve("gatling"));
				Files.move(report, this.dir.resolve("gatling"));
				break;
			}
		}
		FileTrees.delete(results());
	}

}
