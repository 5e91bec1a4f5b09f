package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.render.ChromiumScreenshot;

/**
 * {@code render-check}: proves a report renders by screenshotting it in headless
 * Chromium.
 */
@Command(name = "render-check", hidden = true,
		description = "screenshot an HTML file with headless Chromium and check the PNG",
		footer = { "", "Opens FILE in headless Chromium (offline: no sync, no component updates, a fresh throw-away "
				+ "profile) and writes a screenshot of the first WIDTH x HEIGHT pixels, then checks it is a PNG of at "
				+ "least --min-bytes (a blank page is far smaller).", "",
				"exit: 0 rendered, 1 chromium missing, failed, timed out or wrote a blank page, 2 bad arguments" })
public final class RenderCheckCommand extends KitCommand {

	@Option(names = "--html", paramLabel = "FILE", required = true, description = "the page")
	@Nullable String html;

	@Option(names = "--png", paramLabel = "FILE", required = true, description = "the screenshot to write")
	@Nullable String png;

	@Option(names = "--chromium", paramLabel = "PATH", description = "the browser (default: found on PATH)")
	@Nullable String chromium;

	@Option(names = "--timeout-seconds", paramLabel = "S",
			description = "the longest the browser may take (default 60)")
	@Nullable String timeoutSeconds;

	@Option(names = "--min-bytes", paramLabel = "N", description = "the smallest PNG that is not blank (default 10240)")
	@Nullable String minBytes;

	@Option(names = "--width", paramLabel = "PX", description = "default 1400")
	@Nullable String width;

	@Option(names = "--height", paramLabel = "PX", description = "default 2000")
	@Nullable String height;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path html = args.path("html");
		Path png = args.path("png");
		if (!java.nio.file.Files.isRegularFile(html)) {
			throw new BadInputException("no such file: " + html);
		}
		int timeout = args.integer("timeout-seconds", (int) ChromiumScreenshot.DEFAULT_TIMEOUT.toSeconds(), 1, 3600);
		int minBytes = args.integer("min-bytes", (int) ChromiumScreenshot.DEFAULT_MIN_BYTES, 0, Integer.MAX_VALUE);
		int width = args.integer("width", ChromiumScreenshot.DEFAULT_WIDTH, 100, 10000);
		int height = args.integer("height", ChromiumScreenshot.DEFAULT_HEIGHT, 100, 20000);
		Optional<Path> chromium = args.has("chromium") ? Optional.of(args.path("chromium"))
				: ChromiumScreenshot.findChromium();
		if (chromium.isEmpty() || !chromium.get().toFile().canExecute()) {
			err.println("error: chromium not found" + (args.has("chromium") ? " at " + args.required("chromium") : "")
					+ "; install it with: apt-get install chromium");
			return ExitCodes.FAILED;
		}
		ChromiumScreenshot.Result result = ChromiumScreenshot.capture(chromium.get(), html, png, width, height,
				Duration.ofSeconds(timeout), minBytes);
		(result.ok() ? out : err).println((result.ok() ? "" : "error: ") + result.message());
		return result.ok() ? ExitCodes.OK : ExitCodes.FAILED;
	}

}
