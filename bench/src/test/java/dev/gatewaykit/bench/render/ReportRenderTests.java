package dev.gatewaykit.bench.render;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.summary.RunFixtures;
import dev.gatewaykit.bench.report.RunReport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

class ReportRenderTests {

	@TempDir
	Path run;

	@Test
	void reportRendersInHeadlessChromium() throws Exception {
		TestFiles.summarizedRun(this.run);
		RunReport.load(this.run, null, RunFixtures.MACHINE, RunFixtures.VERSIONS, RunFixtures.CLOCK).write(this.run);
		Path chromium = ChromiumScreenshot.findChromium()
			.orElseGet(() -> fail("chromium is not installed: apt-get install chromium"));
		// Kept in target/ so a person can look at it after the build.
		Path png = Path.of("target/render-check/report.png");

		ChromiumScreenshot.Result result = ChromiumScreenshot.capture(chromium, this.run.resolve("report.html"), png,
				1400, 2000, Duration.ofSeconds(90), ChromiumScreenshot.DEFAULT_MIN_BYTES);

		assertThat(result.ok()).as(result.message()).isTrue();
		assertThat(Files.size(png)).isGreaterThan(10 * 1024);
		Files.copy(this.run.resolve("report.html"), png.resolveSibling("report.html"),
				StandardCopyOption.REPLACE_EXISTING);
	}

}
