package dev.gatewaykit.kit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.fail;

/**
 * The kit's command line as {@code ./kit} runs it once the build is there, in a JVM of
 * its own with its own {@code KIT_DIR}: what the end-to-end tests of the kit's commands
 * start. A run that outlives its timeout is stopped with everything it started, and fails
 * the test.
 */
final class KitChild {

	private KitChild() {
	}

	static Path repository() {
		return Path.of(System.getProperty("kit.repository.root")).toAbsolutePath().normalize();
	}

	/**
	 * @param scratch where the run's stdout and stderr go
	 * @param environment variables besides {@code KIT_DIR}
	 */
	static Run run(Path kitDir, Path scratch, Map<String, String> environment, int timeoutSeconds, String... args)
			throws Exception {
		Path root = repository();
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
						"-Dkit.repository.root=" + root, "-cp",
						root.resolve("bench/target/lib") + "/*:" + root.resolve("bench/target/classes"),
						"dev.gatewaykit.bench.cli.KitCli"));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
		builder.environment().put("KIT_DIR", kitDir.toString());
		builder.environment().putAll(environment);
		Path out = Files.createTempFile(scratch, "kit-", ".out");
		Path err = Files.createTempFile(scratch, "kit-", ".err");
		Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			fail("kit " + String.join(" ", args) + " did not finish within " + timeoutSeconds + " s; stderr: "
					+ Files.readString(err));
		}
		return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
	}

	record Run(int code, String out, String err) {

		String describe() {
			return "exit " + this.code + "\nstdout:\n" + this.out + "\nstderr:\n" + this.err;
		}

	}

}
