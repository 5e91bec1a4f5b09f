package dev.gatewaykit.launcher;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

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

}
