package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the demo users auth-service creates and exports
 * ({@link Workspace#demoUsersCsv}); serialised as JSON, it is the body of a login.
 *
 * @param username the login name
 * @param password its password
 */
public record DemoUser(String username, String password) {

	@Override
	public String toString() {
		return "DemoUser[" + this.username + "]";
	}

	/**
	 * The first {@code count} users of auth-service's export: a header
	 * {@code username,password}, then one user a line (the format Gatling's
	 * {@code UsersCsv} reads too). Lines without a name before a comma are skipped.
	 * @param csv the export
	 * @param count how many users at most
	 * @return the users, none if the file lists none
	 * @throws UncheckedIOException when the file cannot be read
	 */
	public static List<DemoUser> read(Path csv, int count) {
		List<String> lines;
		try {
			lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the demo users " + csv + " (auth-service writes it)", ex);
		}
		List<DemoUser> users = new ArrayList<>();
		for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
			int comma = line.indexOf(',');
			if (comma > 0 && users.size() < count) {
				users.add(new DemoUser(line.substring(0, comma), line.substring(comma + 1).strip()));
			}
		}
		return List.copyOf(users);
	}

}
