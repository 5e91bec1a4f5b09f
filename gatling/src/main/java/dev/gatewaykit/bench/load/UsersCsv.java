package dev.gatewaykit.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads auth-service's export of demo users: a header {@code username,password}, then one
 * user per line. Read here rather than by Gatling's {@code csv(...)} feeder so that a
 * missing or malformed file fails before any load starts, with a message that names the
 * file.
 */
public final class UsersCsv {

	private static final String HEADER = "username,password";

	private UsersCsv() {
	}

	/** A demo user's credentials. */
	public record Credentials(String username, String password) {
	}

	public static List<Credentials> read(Path file) {
		if (!Files.isRegularFile(file)) {
			throw new IllegalArgumentException("demo users CSV not found: " + file.toAbsolutePath()
					+ " (auth-service writes it at start-up; pass its path as -Dbench.usersCsv=...)");
		}
		List<String> lines;
		try {
			lines = Files.readAllLines(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("cannot read " + file + ": " + ex.getMessage(), ex);
		}
		if (lines.isEmpty() || !HEADER.equals(lines.get(0).strip())) {
			throw new IllegalArgumentException(file + " must start with the header '" + HEADER + "'");
		}
		List<Credentials> users = new ArrayList<>();
		for (int i = 1; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.isEmpty()) {
				continue;
			}
			int comma = line.indexOf(',');
			if (comma <= 0 || comma == line.length() - 1) {
				throw new IllegalArgumentException(file + " line " + (i + 1) + " is not 'username,password'");
			}
			users.add(new Credentials(line.substring(0, comma), line.substring(comma + 1)));
		}
		if (users.isEmpty()) {
			throw new IllegalArgumentException(file + " lists no users");
		}
		return users;
	}

}
