package dev.gatewaykit.auth.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class DemoUsersCsvTests {

	@TempDir
	Path dir;

	@Test
	void writesHeaderThenOneLinePerUser() throws IOException {
		Path csv = this.dir.resolve("kit/demo-users.csv");
		List<DemoUser> users = DemoUser.first(2, "seed");

		DemoUsersCsv.write(csv, users);

		assertThat(Files.readAllLines(csv)).containsExactly("username,password", "user0001," + users.get(0).password(),
				"user0002," + users.get(1).password());
	}

	@Test
	void replacesAnOlderFileWholeAndLeavesNoTemporaryFile() throws IOException {
		Path csv = this.dir.resolve("demo-users.csv");
		Files.writeString(csv, "stale content from an earlier run\n".repeat(100));

		DemoUsersCsv.write(csv, DemoUser.first(1, "seed"));

		assertThat(Files.readAllLines(csv)).hasSize(2).first().isEqualTo("username,password");
		try (var files = Files.list(this.dir)) {
			assertThat(files).containsExactly(csv);
		}
	}

}
