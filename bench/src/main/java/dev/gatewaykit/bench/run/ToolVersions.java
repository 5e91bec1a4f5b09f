package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.bench.analysis.summary.MachineFacts;

/**
 * The versions of the software a run was made on, asked of each tool, so a figure is
 * never quoted without them.
 */
public final class ToolVersions {

	private static final String UNKNOWN = MachineFacts.UNKNOWN;

	private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)*)");

	/**
	 * Go's embedded build information: {@code mod<TAB>module path<TAB>v1.2.3<TAB>h1:...}.
	 */
	private static final Pattern GO_MAIN_MODULE = Pattern.compile("(?m)^mod\\t\\S+\\tv(\\d+\\.\\d+\\.\\d+\\S*)\\t");

	private ToolVersions() {
	}

	/**
	 * The first dotted version number in a tool's {@code --version} output, e.g.
	 * {@code nginx/1.22.1}.
	 */
	static String parseVersion(String output) {
		Matcher matcher = VERSION.matcher(output);
		return matcher.find() ? matcher.group(1) : null;
	}

	/**
	 * Versions of everything in the run: the JDK of this CLI, Gatling (from the build),
	 * the git commit, and each tool's {@code --version}.
	 * @param tools tool name to executable ({@code nginx} → {@code /usr/sbin/nginx}); a
	 * bare name is looked up on PATH
	 * @param repository the git checkout the run was made from
	 */
	public static Map<String, String> versions(Map<String, String> tools, Path repository) {
		Map<String, String> versions = new LinkedHashMap<>();
		versions.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
		Properties build = new Properties();
		try (InputStream in = ToolVersions.class.getResourceAsStream("/bench-versions.properties")) {
			if (in != null) {
				build.load(in);
			}
		}
		catch (IOException ex) {
			// Versions are informative: a missing file leaves the fields out, it does not
			// fail the report.
		}
		build.stringPropertyNames().stream().sorted().forEach((name) -> versions.put(name, build.getProperty(name)));
		for (Map.Entry<String, String> tool : tools.entrySet()) {
			versions.put(tool.getKey(), toolVersion(repository, tool.getKey(), tool.getValue()));
		}
		String sha = run(repository, "git", "rev-parse", "HEAD");
		versions.put("git", (sha != null) ? sha.trim() : UNKNOWN);
		String dirty = run(repository, "git", "status", "--porcelain", "--untracked-files=no");
		versions.put("gitDirty", (dirty != null) ? String.valueOf(!dirty.isBlank()) : UNKNOWN);
		return versions;
	}

	/**
	 * A tool's version: the first dotted number its version flag prints, or, for a Go
	 * binary built with {@code go install} (toxiproxy-server prints {@code version git}:
	 * the version is only set by its release builds), the main module's version from the
	 * build information Go embeds in every binary.
	 * @return the version, {@code not found} when the tool is missing, {@code unknown}
	 * when it says nothing usable
	 */
	static String toolVersion(Path repository, String name, String executable) {
		String flag = switch (name) {
			case "nginx" -> "-v";
			// Go's flag package: one dash (two are accepted too, but this is what -help
			// shows).
			case "toxiproxy-server" -> "-version";
			default -> "--version";
		};
		String output = run(repository, executable, flag);
		if (output == null) {
			return "not found";
		}
		String version = parseVersion(output);
		if (version == null) {
			Path binary = resolve(executable);
			version = (binary != null) ? goModuleVersion(binary) : null;
		}
		return (version != null) ? version : UNKNOWN;
	}

	/**
	 * The main module's version from a Go binary's embedded build information (what
	 * {@code go version -m} prints:
	 * {@code mod<TAB>github.com/Shopify/toxiproxy/v2<TAB>v2.12.0<TAB>h1:...});
	 * {@code null} for anything else.
	 */
	static String goModuleVersion(Path binary) {
		try {
			if (Files.size(binary) > 256L * 1024 * 1024) {
				return null;
			}
			Matcher matcher = GO_MAIN_MODULE
				.matcher(new String(Files.readAllBytes(binary), StandardCharsets.ISO_8859_1));
			return matcher.find() ? matcher.group(1) : null;
		}
		catch (IOException ex) {
			return null;
		}
	}

	/** A path as given, or a bare name looked up on PATH; {@code null} if not found. */
	static Path resolve(String executable) {
		if (executable.contains("/")) {
			Path path = Path.of(executable);
			return Files.isRegularFile(path) ? path : null;
		}
		String path = System.getenv("PATH");
		if (path == null) {
			return null;
		}
		for (String dir : path.split(java.io.File.pathSeparator)) {
			Path candidate = Path.of(dir, executable);
			if (Files.isExecutable(candidate)) {
				return candidate;
			}
		}
		return null;
	}

	/**
	 * Runs a short command; its combined output, or {@code null} if it is missing, fails
	 * or hangs.
	 */
	static String run(Path directory, String... command) {
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.start();
			process.getOutputStream().close();
			byte[] output = process.getInputStream().readAllBytes();
			if (!process.waitFor(10, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return null;
			}
			return (process.exitValue() == 0) ? new String(output, StandardCharsets.UTF_8) : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	/**
	 * The tools whose versions every report records, with where to find them by default.
	 */
	public static Map<String, String> defaultTools() {
		Map<String, String> tools = new LinkedHashMap<>();
		for (String name : List.of("nginx", "redis-server", "toxiproxy-server", "rnacos")) {
			tools.put(name, name);
		}
		return tools;
	}

}
