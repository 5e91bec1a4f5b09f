package dev.gatewaykit.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Directory trees the kit writes and removes again (reports, profiles, work trees). */
public final class FileTrees {

	private FileTrees() {
	}

	/** Deletes {@code root} and everything under it; nothing when it is not there. */
	public static void delete(Path root) throws IOException {
		if (!Files.exists(root)) {
			return;
		}
		try (Stream<Path> walk = Files.walk(root)) {
			for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
	}

}
