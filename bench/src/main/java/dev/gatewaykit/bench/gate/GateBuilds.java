package dev.gatewaykit.bench.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.FileTrees;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.Workspace;

/**
 * Turns a side of the gate into a gateway jar: the kit's own, the jar given, or a git ref
 * of this repository built in a work tree of its own ({@code KIT_DIR/gate-builds}), kept
 * by commit so that the next gate on the same commit starts at once.
 */
final class GateBuilds {

	/**
	 * The longest a ref's build may take; it downloads what the kit's own build did not.
	 */
	private static final long BUILD_MINUTES = 15;

	private final Workspace workspace;

	private final Consumer<String> log;

	GateBuilds(Workspace workspace, Consumer<String> log) {
		this.workspace = workspace;
		this.log = log;
	}

	/**
	 * The side's jar, checked to be there; a ref is built first.
	 * @throws UsageException when the side names neither a jar nor a commit
	 * @throws RunFailedException when the ref does not build
	 */
	Path jar(GateSide side) {
		if (side.given().isEmpty()) {
			return this.workspace.jar("gateway");
		}
		if (side.isJar()) {
			Path jar = Path.of(side.given()).toAbsolutePath().normalize();
			if (!Files.isRegularFile(jar)) {
				throw new UsageException("--" + side.name() + ": no such jar: " + jar);
			}
			return jar;
		}
		return build(side);
	}

	private Path build(GateSide side) {
		String commit = git(List.of("rev-parse", "--verify", "--quiet", side.given() + "^{commit}"))
			.orElseThrow(() -> new UsageException("--" + side.name() + ": '" + side.given()
					+ "' is neither a jar nor a git ref of " + this.workspace.root()));
		String id = commit.substring(0, 12);
		Path dir = this.workspace.kitDir().resolve("gate-builds").resolve(id);
		Path jar = dir.resolve("gateway.jar");
		if (Files.isRegularFile(jar)) {
			this.log.accept(side.name() + ": " + side.given() + " (" + id + ") built before: " + jar);
			return jar;
		}
		Path tree = dir.resolve("tree");
		Path buildLog = dir.resolve("build.log");
		try {
			Files.createDirectories(dir);
			FileTrees.delete(tree);
			this.log
				.accept(side.name() + ": building " + side.given() + " (" + id + ") in " + tree + ", log " + buildLog);
			git(List.of("worktree", "add", "--detach", "--force", tree.toString(), commit))
				.orElseThrow(() -> new RunFailedException("git worktree add " + tree + " " + commit + " failed"));
			try {
				run(tree, List.of("./mvnw", "-B", "-q", "-DskipTests", "-Dcheckstyle.skip", "-Dspring-javaformat.skip",
						"-pl", "gateway", "-am", "package"), buildLog);
				Files.copy(builtJar(tree, side, buildLog), jar, StandardCopyOption.REPLACE_EXISTING);
			}
			finally {
				git(List.of("worktree", "remove", "--force", tree.toString()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot build " + side.given() + " in " + dir, ex);
		}
		return jar;
	}

	/** The executable jar the build left in gateway/target (its name has the version). */
	private static Path builtJar(Path tree, GateSide side, Path buildLog) throws IOException {
		Path target = tree.resolve("gateway/target");
		if (Files.isDirectory(target)) {
			try (Stream<Path> files = Files.list(target)) {
				Optional<Path> jar = files
					.filter((file) -> file.getFileName().toString().matches("gateway-.*(?<!-plain|-sources)\\.jar"))
					.findFirst();
				if (jar.isPresent()) {
					return jar.get();
				}
			}
		}
		throw new RunFailedException(side.given() + " built no gateway/target/gateway-*.jar; see " + buildLog);
	}

	private void run(Path dir, List<String> command, Path output) {
		try {
			Process process = new ProcessBuilder(command).directory(dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new RunFailedException("the build still ran after " + BUILD_MINUTES + " min; see " + output);
			}
			if (process.exitValue() != 0) {
				throw new RunFailedException("the build failed (exit " + process.exitValue() + "); see " + output);
			}
		}
		catch (IOException ex) {
			throw new RunFailedException("cannot run " + command.get(0) + " in " + dir + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

	/** Runs git in the kit's root; its first line of output, empty when it failed. */
	private Optional<String> git(List<String> arguments) {
		List<String> command = new ArrayList<>(List.of("git", "-C", this.workspace.root().toString()));
		command.addAll(arguments);
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return Optional.empty();
			}
			return (process.exitValue() == 0) ? Optional.of(out.strip().lines().findFirst().orElse(""))
					: Optional.empty();
		}
		catch (IOException ex) {
			throw new RunFailedException("git is needed to build a ref: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

}
