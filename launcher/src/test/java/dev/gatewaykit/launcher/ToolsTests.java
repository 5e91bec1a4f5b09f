package dev.gatewaykit.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
