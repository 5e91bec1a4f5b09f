package dev.gatewaykit.launcher;

import org.junit.jupiter.api.Test;

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

}
