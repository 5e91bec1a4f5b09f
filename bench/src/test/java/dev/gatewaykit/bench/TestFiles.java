package dev.gatewaykit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** File helpers shared by the tests of several packages. */
public final class TestFiles {

	/**
	 * The sample run (naive, fixed, ceiling, params.json) the tests summarize and report
	 * on.
	 */
	public static final Path FIXTURE_RUN = Path.of("src/test/resources/fixtures/run");

	private TestFiles() {
	}

	/**
	 * Copies a directory tree, so a test can write next to fixtures without touching
	 * them.
	 */
	public static void copy(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path source : files.toList()) {
				Path target = to.resolve(from.relativize(source).toString());
				if (Files.isDirectory(source)) {
					Files.createDirectories(target);
				}
				else {
					Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
				}
			}
		}
	}

	/** Deletes a directory tree. */
	public static void delete(Path dir) throws IOException {
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
