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

class ToolsTests {

	@Test
	void theBenchInstallsNoBrowser() {
		assertThat(Tools.BENCH_PACKAGES).containsExactly("redis-server", "nginx", "curl").doesNotContain("chromium");
	}

	@Test
	void theTestsInstallChromiumToRenderTheReport() {
		assertThat(Tools.TEST_PACKAGES).contains("chromium");
	}

	@Test
	void goInstallNamesTheBinaryAfterThePackageLeavingOutAMajorVersionSuffix() {
		assertThat(Tools.binaryName(Tools.KUSTOMIZE_PACKAGE)).isEqualTo("kustomize");
		assertThat(Tools.binaryName(Tools.ACTIONLINT_PACKAGE)).isEqualTo("actionlint");
		assertThat(Tools.binaryName(Tools.TOXIPROXY_PACKAGE)).isEqualTo("server");
	}

	@Test
	void kubernetesValidateLivesNextToTheToolsDirectory(@TempDir Path cache) {
		Tools tools = new Tools(Map.of("KIT_TOOLS_BIN", cache.resolve("bin").toString()), cache, (line) -> {
		});

		assertThat(tools.kubernetesValidateVenv()).isEqualTo(cache.resolve("venv-kubernetes-validate"));
	}

	/**
	 * gateway-mvc's JDK comes from the same environment as every other tool; a wrong one
	 * stops the run with what to install.
	 */
	@Test
	void findsTheJdk21InItsEnvironment(@TempDir Path cache) throws IOException {
		Path jdk21 = fakeJdk(cache.resolve("jdk-21"), "21.0.9");
		Path jdk17 = fakeJdk(cache.resolve("jdk-17"), "17.0.15");

		assertThat(new Tools(Map.of(Jdks.HOME_VARIABLE, jdk21.toString()), cache, (line) -> {
		}).java21()).isEqualTo(jdk21.resolve("bin/java"));
		assertThatThrownBy(() -> new Tools(Map.of(Jdks.HOME_VARIABLE, jdk17.toString()), cache, (line) -> {
		}).java21()).isInstanceOf(Tools.ToolException.class).hasMessageContaining("apt-get install temurin-25-jdk");
	}

	private static Path fakeJdk(Path home, String version) throws IOException {
		Files.createDirectories(home.resolve("bin"));
		Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
		Files.createFile(home.resolve("bin/java"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
		return home;
	}

}
