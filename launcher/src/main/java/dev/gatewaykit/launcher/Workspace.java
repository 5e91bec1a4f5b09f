package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where things are: the repository (the services' jars, the nginx templates, the
 * simulation's class path) and the kit's working directory ({@code target/kit}: logs,
 * recorded PIDs, runs).
 *
 * @param root the repository root
 * @param kitDir the kit's working directory ({@code KIT_DIR}, default
 * {@code <root>/target/kit})
 * @param version the project version the jars carry
 */
public record Workspace(Path root, Path kitDir, String version) {

	/** The modules whose jars the kit runs as services. */
	public static final List<String> SERVICES = List.of("auth-service", "mall-api", "gateway");

	public Workspace {
		root = root.toAbsolutePath().normalize();
		kitDir = kitDir.toAbsolutePath().normalize();
	}

	/**
	 * The workspace of this JVM: the root from {@code -Dkit.repository.root} (set by
	 * {@code ./kit} and by the build for the tests) or the working directory,
	 * {@code KIT_DIR} from the environment.
	 */
	public static Workspace current() {
		String property = System.getProperty("kit.repository.root");
		Path root = (property != null) ? Path.of(property) : Path.of("").toAbsolutePath();
		String kitDir = System.getenv("KIT_DIR");
		return new Workspace(root, (kitDir != null && !kitDir.isBlank()) ? Path.of(kitDir) : root.resolve("target/kit"),
				projectVersion());
	}

	/** The project version this launcher was built with. */
	public static String projectVersion() {
		try (InputStream in = Workspace.class.getResourceAsStream("/kit-launcher.properties")) {
			if (in == null) {
				throw new IllegalStateException("kit-launcher.properties is missing from the launcher's class path");
			}
			Properties properties = new Properties();
			properties.load(in);
			return properties.getProperty("project.version");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A service module's Boot jar. */
	public Path jar(String module) {
		return this.root.resolve(module).resolve("target").resolve(module + "-" + this.version + ".jar");
	}

	public Path nginxTemplates() {
		return this.root.resolve("nginx");
	}

	public Path logs() {
		return this.kitDir.resolve("logs");
	}

	public Path pids() {
		return this.kitDir.resolve("pids");
	}

	/** The demo users' CSV auth-service writes and the simulation logs in from. */
	public Path demoUsersCsv() {
		return this.kitDir.resolve("demo-users.csv");
	}

	/**
	 * Where the Gatling simulation runs from: its classes and its dependencies, all under
	 * gatling/target.
	 */
	public List<Path> gatlingClassPath() {
		Path target = this.root.resolve("gatling").resolve("target");
		return List.of(target.resolve("bench-lib").resolve("*"), target.resolve("classes"),
				target.resolve("test-classes"));
	}

	/**
	 * What is missing of what a kit run starts: the service jars and the simulation's
	 * class path. Checked before the first process starts, so that a missing piece never
	 * shows up half way through a bench.
	 */
	public List<String> missingBuildOutput() {
		List<String> missing = new ArrayList<>();
		for (String module : SERVICES) {
			if (!Files.isRegularFile(jar(module))) {
				missing.add(this.root.relativize(jar(module)).toString());
			}
		}
		for (Path entry : gatlingClassPath()) {
			Path dir = location(entry);
			if (!Files.isDirectory(dir)) {
				missing.add(this.root.relativize(dir) + "/");
			}
		}
		return missing;
	}

	/**
	 * What a class path entry names on disk: the entry itself, or for {@code dir/*}
	 * (every jar in it) the directory.
	 */
	public static Path location(Path entry) {
		Path name = entry.getFileName();
		return (name != null && name.toString().equals("*") && entry.getParent() != null) ? entry.getParent() : entry;
	}

}
