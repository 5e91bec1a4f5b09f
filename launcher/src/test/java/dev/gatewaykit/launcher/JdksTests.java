package dev.gatewaykit.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Jdks} over a fake /usr/lib/jvm: JDK homes with a release file and bin/java. */
class JdksTests {

	@TempDir
	Path jvm;

	@Test
	void picksTheNewestJdkOf21OrMore() throws IOException {
		jdk("java-17-openjdk-amd64", "17.0.15");
		jdk("temurin-21-jdk-amd64", "21.0.9");
		jdk("temurin-25-jdk-amd64", "25.0.3");
		jdk("zulu-8", "1.8.0_292");

		assertThat(jdks(Map.of()).java21Home()).isEqualTo(this.jvm.resolve("temurin-25-jdk-amd64"));
		assertThat(jdks(Map.of()).java21()).isEqualTo(this.jvm.resolve("temurin-25-jdk-amd64/bin/java"));
	}

	@Test
	void comparesVersionsByNumberNotByText() throws IOException {
		jdk("a-jdk", "21.0.10");
		jdk("b-jdk", "21.0.9");

		assertThat(jdks(Map.of()).java21Home()).isEqualTo(this.jvm.resolve("a-jdk"));
	}

	@Test
	void ignoresAHomeWithoutJava() throws IOException {
		jdk("temurin-21-jdk-amd64", "21.0.9");
		Path stub = Files.createDirectories(this.jvm.resolve("temurin-25-jre-stub"));
		Files.writeString(stub.resolve("release"), "JAVA_VERSION=\"25.0.3\"\n");

		assertThat(jdks(Map.of()).java21Home()).isEqualTo(this.jvm.resolve("temurin-21-jdk-amd64"));
	}

	@Test
	void theEnvironmentVariableWinsOverANewerJdk() throws IOException {
		Path chosen = jdk("temurin-21-jdk-amd64", "21.0.9");
		jdk("temurin-25-jdk-amd64", "25.0.3");

		assertThat(jdks(Map.of(Jdks.HOME_VARIABLE, chosen.toString())).java21Home()).isEqualTo(chosen);
	}

	@Test
	void anEnvironmentVariableNamingAnOlderJdkIsRefusedNotReplaced() throws IOException {
		Path old = jdk("java-17-openjdk-amd64", "17.0.15");
		jdk("temurin-25-jdk-amd64", "25.0.3");

		assertThatThrownBy(() -> jdks(Map.of(Jdks.HOME_VARIABLE, old.toString())).java21Home())
			.isInstanceOf(Tools.ToolException.class)
			.hasMessageContaining(Jdks.HOME_VARIABLE + "=" + old)
			.hasMessageContaining("is Java 17.0.15")
			.hasMessageContaining("apt-get install temurin-25-jdk");
	}

	@Test
	void anEnvironmentVariableNamingNoJdkIsRefused() {
		Path nothing = this.jvm.resolve("nothing");

		assertThatThrownBy(() -> jdks(Map.of(Jdks.HOME_VARIABLE, nothing.toString())).java21Home())
			.isInstanceOf(Tools.ToolException.class)
			.hasMessageContaining("is not a JDK home");
	}

	@Test
	void withOnlyOlderJdksTheErrorNamesThemAndWhatToInstall() throws IOException {
		jdk("java-17-openjdk-amd64", "17.0.15");

		assertThatThrownBy(() -> jdks(Map.of()).java21Home()).isInstanceOf(Tools.ToolException.class)
			.hasMessageContaining("no JDK 21 or newer")
			.hasMessageContaining("found: java-17-openjdk-amd64 17.0.15")
			.hasMessageContaining("apt-get install temurin-25-jdk")
			.hasMessageContaining("https://adoptium.net/installation/linux/")
			.hasMessageContaining(Jdks.HOME_VARIABLE);
	}

	@Test
	void withoutAJvmDirectoryTheErrorSaysThereIsNone() {
		Jdks jdks = new Jdks(Map.of(), this.jvm.resolve("missing"));

		assertThatThrownBy(jdks::java21Home).hasMessageContaining("there is no JDK there")
			.hasMessageContaining("apt-get install temurin-25-jdk");
	}

	@Test
	void linksTheFoundHomeReplacingAnOldLink(@TempDir Path build) throws IOException {
		Path home = jdk("temurin-25-jdk-amd64", "25.0.3");
		Path link = build.resolve("target/jdk21");
		Files.createDirectories(link.getParent());
		Files.createSymbolicLink(link, this.jvm);

		assertThat(jdks(Map.of()).link(link)).isEqualTo(home);
		assertThat(Files.readSymbolicLink(link)).isEqualTo(home);
		assertThat(link.resolve("bin/java")).isExecutable();
	}

	private Jdks jdks(Map<String, String> environment) {
		return new Jdks(environment, this.jvm);
	}

	private Path jdk(String name, String version) throws IOException {
		Path home = Files.createDirectories(this.jvm.resolve(name));
		Files.writeString(home.resolve("release"),
				"IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\"" + version + "\"\nJAVA_VERSION=\"" + version + "\"\n");
		Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
		Files.writeString(java, "#!/bin/sh\n");
		Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
		return home;
	}

}
