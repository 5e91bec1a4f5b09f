package dev.gatewaykit.bench.render;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** The report tests' look at a page in headless Chromium. */
public final class Renders {

	private Renders() {
	}

	/**
	 * Renders {@code run/report.html} to {@code target/render-check/<name>.png}, kept
	 * with a copy of the page so a person can look at both after the build, and checks
	 * the picture is not blank.
	 */
	public static void assertRenders(Path run, String name, int height, long minBytes)
			throws IOException, InterruptedException {
		Path chromium = ChromiumScreenshot.findChromium()
			.orElseGet(() -> fail("chromium is not installed: apt-get install chromium"));
		Path png = Path.of("target/render-check/" + name + ".png");

		ChromiumScreenshot.Result result = ChromiumScreenshot.capture(chromium, run.resolve("report.html"), png, 1400,
				height, Duration.ofSeconds(90), ChromiumScreenshot.DEFAULT_MIN_BYTES);

		assertThat(result.ok()).as(result.message()).isTrue();
		assertThat(Files.size(png)).isGreaterThan(minBytes);
		Files.copy(run.resolve("report.html"), png.resolveSibling(name + ".html"), StandardCopyOption.REPLACE_EXISTING);
	}

}
