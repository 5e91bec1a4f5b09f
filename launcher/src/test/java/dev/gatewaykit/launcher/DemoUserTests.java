package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DemoUserTests {

	@TempDir
	Path dir;

	@Test
	void readsTheFirstUsersAfterTheHeader() throws IOException {
		Path csv = Files.writeString(this.dir.resolve("users.csv"),
				"username,password\nuser0001,pw1\n,no-name\nuser0002,pw2 \nuser0003,pw3\n");

		assertThat(DemoUser.read(csv, 2)).containsExactly(new DemoUser("user0001", "pw1"),
				new DemoUser("user0002", "pw2"));
		assertThat(DemoUser.read(csv, 10)).hasSize(3);
	}

	@Test
	void aFileWithOnlyItsHeaderListsNoUser() throws IOException {
		assertThat(DemoUser.read(Files.writeString(this.dir.resolve("users.csv"), "username,password\n"), 5)).isEmpty();
	}

	@Test
	void aMissingFileSaysWhoWritesIt() {
		assertThatExceptionOfType(UncheckedIOException.class)
			.isThrownBy(() -> DemoUser.read(this.dir.resolve("none.csv"), 1))
			.withMessageContaining("auth-service writes it");
	}

	@Test
	void itsTextShowsNoPassword() {
		assertThat(new DemoUser("user0001", "secret")).hasToString("DemoUser[user0001]");
	}

}
