package dev.gatewaykit.auth.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes the demo users' credentials as CSV ({@code username,password}) for the load
 * tests to log in with.
 * <p>
 * Written to a temporary file beside the target and then moved over it atomically, so
 * that a reader (a load test started as soon as the service is healthy) sees the old file
 * or the whole new one, never half of one.
 */
final class DemoUsersCsv {

	static final String HEADER = "username,password";

	private DemoUsersCsv() {
	}

	static void write(Path csv, List<DemoUser> users) {
		Path target = csv.toAbsolutePath();
		try {
			Files.createDirectories(target.getParent());
			Path temp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
			try {
				try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
					out.write(HEADER);
					out.write('\n');
					for (DemoUser user : users) {
						// Demo user names and passwords are [a-z0-9-]: nothing to quote.
						out.write(user.username());
						out.write(',');
						out.write(user.password());
						out.write('\n');
					}
				}
				Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			finally {
				Files.deleteIfExists(temp);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not write the demo users to " + target, ex);
		}
	}

}
