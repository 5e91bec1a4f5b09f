package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JDK 21 or newer that runs what needs virtual threads ({@code gateway-mvc}'s
 * {@code mvc-virtual} mode), while everything else keeps the {@code java} on {@code PATH}
 * (the 17 baseline): {@code $KIT_JAVA21_HOME} when it is set (and then it must be a 21+
 * JDK: a wrong setting is not silently replaced by another JDK), else the newest JDK
 * under {@code /usr/lib/jvm} whose {@code release} file says {@code JAVA_VERSION} 21 or
 * more, else a stop that names what to install.
 * <p>
 * Also a command ({@link #main}) the gateway-mvc build runs before its tests: it links
 * the found JDK's home to a fixed path that surefire forks its JVM from.
 */
public final class Jdks {

	/** The environment variable that names the JDK 21+ home. */
	public static final String HOME_VARIABLE = "KIT_JAVA21_HOME";

	/** The lowest feature release with virtual threads (JEP 444). */
	public static final int MINIMUM_FEATURE = 21;

	/** Where Debian's and Ubuntu's JDK packages (and Adoptium's) install. */
	public static final Path DEFAULT_JVM_ROOT = Path.of("/usr/lib/jvm");

	/** What to do when there is none, for the error message. */
	static final String INSTALL_HINT = "install one (Temurin 25 from Adoptium's apt repository: "
			+ "apt-get install temurin-25-jdk, see https://adoptium.net/installation/linux/ ; or temurin-21-jdk) "
			+ "or set " + HOME_VARIABLE + " to a JDK 21+ home";

	private final Map<String, String> environment;

	private final Path jvmRoot;

	/**
	 * @param environment where {@code KIT_JAVA21_HOME} is read (the process's own, except
	 * in tests)
	 * @param jvmRoot the directory whose subdirectories are JDK homes
	 * ({@code /usr/lib/jvm}, except in tests)
	 */
	public Jdks(Map<String, String> environment, Path jvmRoot) {
		this.environment = environment;
		this.jvmRoot = jvmRoot;
	}

	/** The process's environment and {@code /usr/lib/jvm}. */
	public static Jdks fromEnvironment() {
		return new Jdks(System.getenv(), DEFAULT_JVM_ROOT);
	}

	/**
	 * The home of a JDK 21 or newer.
	 * @throws Tools.ToolException when {@code KIT_JAVA21_HOME} names no 21+ JDK, or it is
	 * unset and there is none under the JVM root; the message says what to install
	 */
	public Path java21Home() {
		String configured = this.environment.get(HOME_VARIABLE);
		if (configured != null && !configured.isBlank()) {
			Path home = Path.of(configured);
			Optional<Runtime.Version> version = version(home);
			if (version.isEmpty()) {
				throw new Tools.ToolException(HOME_VARIABLE + "=" + configured
						+ " is not a JDK home (no bin/java, or no release file with JAVA_VERSION); " + INSTALL_HINT);
			}
			if (version.get().feature() < MINIMUM_FEATURE) {
				throw new Tools.ToolException(HOME_VARIABLE + "=" + configured + " is Java " + version.get()
						+ ", virtual threads need " + MINIMUM_FEATURE + " or newer; " + INSTALL_HINT);
			}
			return home;
		}
		List<Installed> installed = new ArrayList<>();
		for (Path home : homes()) {
			version(home).ifPresent((version) -> installed.add(new Installed(home, version)));
		}
		return installed.stream()
			.filter((jdk) -> jdk.version().feature() >= MINIMUM_FEATURE)
			.max(Comparator.comparing(Installed::version).thenComparing(Installed::home))
			.map(Installed::home)
			.orElseThrow(() -> new Tools.ToolException("no JDK " + MINIMUM_FEATURE + " or newer: " + HOME_VARIABLE
					+ " is not set and no " + this.jvmRoot + "/*/release says JAVA_VERSION >= " + MINIMUM_FEATURE
					+ (installed.isEmpty() ? " (there is no JDK there)" : " (found: "
							+ String.join(", ", installed.stream().map(Installed::toString).toList()) + ")")
					+ "; " + INSTALL_HINT));
	}

	/** The {@code java} command of {@link #java21Home()}. */
	public Path java21() {
		return java21Home().resolve("bin").resolve("java");
	}

	/**
	 * A JDK home's version: its {@code release} file's {@code JAVA_VERSION}, if it has
	 * one that parses and an executable {@code bin/java}.
	 */
	static Optional<Runtime.Version> version(Path home) {
		Path release = home.resolve("release");
		if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
			return Optional.empty();
		}
		List<String> lines;
		try {
			lines = Files.readAllLines(release, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		return lines.stream()
			.filter((line) -> line.startsWith("JAVA_VERSION="))
			.findFirst()
			.map((line) -> line.substring("JAVA_VERSION=".length()).trim().replace("\"", ""))
			.flatMap(Jdks::parse);
	}

	/** {@code 25.0.3}, {@code 21}, {@code 22-ea}; not the pre-9 {@code 1.8.0_292}. */
	static Optional<Runtime.Version> parse(String javaVersion) {
		try {
			return Optional.of(Runtime.Version.parse(javaVersion));
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private List<Path> homes() {
		if (!Files.isDirectory(this.jvmRoot)) {
			return List.of();
		}
		List<Path> homes = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(this.jvmRoot)) {
			entries.forEach(homes::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		homes.sort(Comparator.naturalOrder());
		return homes;
	}

	private record Installed(Path home, Runtime.Version version) {

		@Override
		public String toString() {
			return this.home.getFileName() + " " + this.version;
		}

	}

	/**
	 * {@code link PATH}: makes PATH a symbolic link to the JDK 21+ home (replacing what
	 * is there), so that a build can fork {@code PATH/bin/java}; prints the home. Throws
	 * {@link Tools.ToolException} with the install hint when there is none (a failed
	 * build step).
	 * @param args {@code link} and the link's path
	 */
	public static void main(String[] args) throws IOException {
		if (args.length != 2 || !"link".equals(args[0])) {
			throw new IllegalArgumentException("usage: Jdks link PATH");
		}
		Path link = Path.of(args[1]).toAbsolutePath();
		Path home = fromEnvironment().link(link);
		System.out.println("JDK 21+ for " + link + ": " + home);
	}

	/**
	 * Makes {@code link} a symbolic link to {@link #java21Home()}, replacing what is
	 * there.
	 * @return the home linked to
	 */
	public Path link(Path link) throws IOException {
		Path home = java21Home().toAbsolutePath();
		Path parent = link.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		Files.deleteIfExists(link);
		Files.createSymbolicLink(link, home);
		return home;
	}

}
