package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersCsvTests {

	@TempDir
	Path dir;

	@Test
	void readsAuthServicesExport() throws IOException {
		Path csv = write("username,password\nuser0001,pw-1\nuser0002,pw,2\n\n");

		assertThat(UsersCsv.read(csv)).containsExactly(new UsersCsv.Credentials("user0001", "pw-1"),
				new UsersCsv.Credentials("user0002", "pw,2"));
	}

	@Test
	void aMissingFileSaysWhereItWasLookedFor() {
		assertThatIllegalArgumentException().isThrownBy(() -> UsersCsv.read(this.dir.resolve("users.csv")))
			.withMessageContaining("demo users CSV not found")
			.withMessageContaining("-Dbench.usersCsv");
	}

	@Test
	void rejectsAFileWithoutTheHeader() throws IOException {
		Path csv = write("user0001,pw\n");

		assertThatIllegalArgumentException().isThrownBy(() -> UsersCsv.read(csv))
			.withMessageContaining("must start with the header 'username,password'");
	}

	@Test
	void rejectsALineWithoutAPassword() throws IOException {
		Path csv = write("username,password\nuser0001\n");

		assertThatIllegalArgumentException().isThrownBy(() -> UsersCsv.read(csv)).withMessageContaining("line 2");
	}

	@Test
	void rejectsAFileWithNoUsers() throws IOException {
		assertThatIllegalArgumentException().isThrownBy(() -> UsersCsv.read(write("username,password\n")))
			.withMessageContaining("lists no users");
	}

	private Path write(String content) throws IOException {
		return Files.writeString(this.dir.resolve("users.csv"), content);
	}

}
