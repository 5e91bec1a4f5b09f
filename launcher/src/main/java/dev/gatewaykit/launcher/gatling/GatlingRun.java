package dev.gatewaykit.launcher.gatling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * One Gatling run of the kit's simulation, in a JVM of its own, straight from the
 * simulation's class path (no Maven at bench time, so nothing depends on what the Maven
 * repository holds). The simulation writes its figures into {@code dir}
 * ({@code measured.json}, {@code timeseries.json}); Gatling's own HTML report lands in
 * {@code dir/gatling}, its console in {@code dir/gatling.out}.
 *
 * @param classPath the simulation's class path ({@code Workspace#gatlingClassPath()})
 * @param jvmOptions the injector's JVM options
 * @param properties the simulation's {@code bench.*} system properties
 * @param dir where the run's files go
 * @param label the run's name in the simulation's progress lines ({@code [label] ...}),
 * which are echoed
 * @param timeout the longest the run may take: the longest warm-up, the window and the
 * request timeout, plus room
 */
public record GatlingRun(List<Path> classPath, List<String> jvmOptions, Map<String, String> properties, Path dir,
		String label, Duration timeout) {

	/** The simulation the bench runs. */
	public static final String SIMULATION = "dev.gatewaykit.bench.simulation.ProductBrowseSimulation";

	/** What Gatling's own launchers pass: its log writer reads String internals. */
	private static final List<String> ADD_OPENS = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
			"--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

	public GatlingRun {
		properties = new LinkedHashMap<>(properties);
	}

	/** The command line, for the log and the tests. */
	public List<String> command() {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(this.jvmOptions);
		command.addAll(ADD_OPENS);
		command.add("-cp");
		command.add(this.classPath.stream().map(Path::toString).collect(Collectors.joining(":")));
		this.properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
		command.addAll(List.of("io.gatling.app.Gatling", "-s", SIMULATION, "-rf", results().toString(), "-l", "kit"));
		return command;
	}

	/**
	 * Runs the simulation to its end and echoes its progress lines.
	 * @throws IllegalStateException when it ran out of time or wrote no
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
		try {
			Files.createDirectories(this.dir);
			deleteRecursively(results());
			Process process = new ProcessBuilder(command()).redirectErrorStream(true).start();
			started.accept(process.toHandle());
			// Daemon: a stuck pump must never keep the JVM alive.
			Thread pump = new Thread(() -> copy(process, progress), "gatling-output");
			pump.setDaemon(true);
			pump.start();
			if (!process.waitFor(this.timeout.toSeconds(), TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				throw new IllegalStateException("Gatling (" + this.label + ") still ran after "
						+ this.timeout.toSeconds() + " s; stopped. Its output: " + this.dir.resolve("gatling.out"));
			}
			pump.join(TimeUnit.SECONDS.toMillis(10));
			moveReport();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Gatling (" + this.label + ") could not run", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
		if (!Files.isRegularFile(this.dir.resolve("measured.json"))) {
			throw new IllegalStateException("the simulation wrote no " + this.dir.resolve("measured.json")
					+ "; its output: " + this.dir.resolve("gatling.out"));
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
				deleteRecursively(this.dir.resolve("gatling"));
				Files.move(report, this.dir.resolve("gatling"));
				break;
			}
		}
		deleteRecursively(results());
	}

	private static void deleteRecursively(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (var paths = Files.walk(dir)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
