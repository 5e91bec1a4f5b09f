package dev.gatewaykit.bench.render;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.launcher.FileTrees;

/**
 * Takes a screenshot of a local HTML file with headless Chromium, to prove a report
 * renders for a person and not only for a parser. Offline by construction: every
 * background service Chromium would call is switched off, and a fresh profile directory
 * is used and removed each time.
 */
public final class ChromiumScreenshot {

	/**
	 * The smallest PNG taken as a real page: a blank or error page compresses far below
	 * it.
	 */
	public static final long DEFAULT_MIN_BYTES = 10 * 1024;

	/** The window the report is rendered in, px: wide enough for its tables. */
	public static final int DEFAULT_WIDTH = 1400;

	/** Likewise, tall enough for the headline, the table and the first charts. */
	public static final int DEFAULT_HEIGHT = 2000;

	/** The longest a render may take unless told otherwise. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

	private static final byte[] PNG_SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

	private ChromiumScreenshot() {
	}

	/** What a screenshot attempt produced. */
	public record Result(boolean ok, long bytes, String message) {
	}

	/** {@code chromium} on the process's PATH; empty when it is not there. */
	public static Optional<Path> findChromium() {
		return findChromium(Objects.requireNonNullElse(System.getenv("PATH"), ""));
	}

	/**
	 * {@code chromium} on {@code path} (directories separated as PATH separates them);
	 * empty when it is not there.
	 */
	public static Optional<Path> findChromium(String path) {
		return Arrays.stream(path.split(File.pathSeparator))
			.filter((dir) -> !dir.isEmpty())
			.map((dir) -> Path.of(dir, "chromium"))
			.filter((candidate) -> Files.isExecutable(candidate) && !Files.isDirectory(candidate))
			.findFirst();
	}

	/**
	 * What a bench says instead of {@code png} when there is no Chromium: nothing failed
	 * (the screenshot is the one thing Chromium is for, and the bench does not install
	 * it), so a note with the two ways to get the picture, not a warning.
	 */
	public static String skippedNote(Path html, Path png) {
		return png.getFileName() + " skipped: no chromium on PATH; `apt-get install chromium` for the next run, or "
				+ "render this one later with `./kit render-check --html " + html + " --png " + png + "`";
	}

	/**
	 * Screenshots {@code html} into {@code png} and checks that a real PNG of at least
	 * {@code minBytes} came out.
	 * @param chromium the browser executable
	 * @param width viewport width in pixels
	 * @param height viewport height in pixels (the screenshot covers the viewport only)
	 */
	public static Result capture(Path chromium, Path html, Path png, int width, int height, Duration timeout,
			long minBytes) throws IOException, InterruptedException {
		if (!Files.isRegularFile(html)) {
			return new Result(false, 0, "no such file: " + html);
		}
		Path absolutePng = png.toAbsolutePath();
		Files.createDirectories(absolutePng.getParent());
		Files.deleteIfExists(absolutePng);
		Path profile = Files.createTempDirectory("bench-chromium-");
		Path log = Files.createTempFile("bench-chromium-", ".log");
		try {
			List<String> command = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
					"--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
					"--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile, "--screenshot=" + absolutePng,
					"--window-size=" + width + "," + height, html.toAbsolutePath().toUri().toString());
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			process.getOutputStream().close();
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.descendants().forEach(ProcessHandle::destroyForcibly);
				process.destroyForcibly();
				return new Result(false, 0, "chromium did not finish within " + timeout.toSeconds() + " s" + tail(log));
			}
			if (process.exitValue() != 0) {
				return new Result(false, 0, "chromium exited with " + process.exitValue() + tail(log));
			}
			if (!Files.isRegularFile(absolutePng)) {
				return new Result(false, 0, "chromium wrote no screenshot" + tail(log));
			}
			long size = Files.size(absolutePng);
			if (!isPng(absolutePng)) {
				return new Result(false, size, absolutePng + " is not a PNG");
			}
			if (size < minBytes) {
				return new Result(false, size, "screenshot is only " + size + " bytes (expected at least " + minBytes
						+ "): the page probably rendered blank");
			}
			return new Result(true, size, "wrote " + absolutePng + " (" + size + " bytes)");
		}
		finally {
			FileTrees.delete(profile);
			Files.deleteIfExists(log);
		}
	}

	static boolean isPng(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			return Arrays.equals(in.readNBytes(PNG_SIGNATURE.length), PNG_SIGNATURE);
		}
	}

	private static String tail(Path log) throws IOException {
		List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
		List<String> last = lines.subList(Math.max(0, lines.size() - 10), lines.size());
		return last.isEmpty() ? "" : "; its last output:\n  " + String.join("\n  ", last);
	}

}
