package dev.gatewaykit.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One line of the CSV auth-service writes for the load tests (header
 * {@code username,password}).
 */
record DemoUser(String username, String password) {

	static List<DemoUser> read(Path csv) {
		try {
			List<String> lines = Files.readAllLines(csv);
			if (lines.isEmpty() || !lines.get(0).equals("username,password")) {
				throw new IllegalStateException(csv + " does not start with the header 'username,password'");
			}
			return lines.stream().skip(1).filter((line) -> !line.isBlank()).map(DemoUser::parse).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not read the demo users from " + csv, ex);
		}
	}

	private static DemoUser parse(String line) {
		String[] fields = line.split(",", -1);
		if (fields.length != 2) {
			throw new IllegalStateException("not a 'username,password' line: " + line);
		}
		return new DemoUser(fields[0], fields[1]);
	}

}
