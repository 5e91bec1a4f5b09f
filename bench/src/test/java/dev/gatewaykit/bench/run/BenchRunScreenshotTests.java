package dev.gatewaykit.bench.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.Workspace;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench's last step, report.png: taken in Chromium when there is one, a note when
 * there is none (the bench does not install it).
 */
class BenchRunScreenshotTests {

	@TempDir
	Path dir;

	private final List<String> log = new ArrayList<>();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@Test
	void withoutChromiumOnPathTheScreenshotIsSkippedWithANote() throws IOException {
		Path bin = Files.createDirectories(this.dir.resolve("bin"));
		BenchRun run = benchRun(bin);

		run.screenshot();

		Path out = run.out();
		assertThat(this.log).containsExactly("report.png skipped: no chromium on PATH; `apt-get install chromium` "
				+ "for the next run, or render this one later with `./kit render-check --html "
				+ out.resolve("report.html") + " --png " + out.resolve("report.png") + "`");
		assertThat(this.err.toString(StandardCharsets.UTF_8)).isEmpty();
		assertThat(out.resolve("report.png")).doesNotExist();
	}

	@Test
	void anInstalledChromiumThatFailsIsAWarning() throws IOException {
		Path bin = Files.createDirectories(this.dir.resolve("bin"));
		Path chromium = Files.writeString(bin.resolve("chromium"), "#!/bin/sh\necho 'no display' >&2\nexit 3\n");
		Files.setPosixFilePermissions(chromium, PosixFilePermissions.fromString("rwxr-xr-x"));
		BenchRun run = benchRun(bin);
		Files.createDirectories(run.out());
		Files.writeString(run.out().resolve("report.html"), "<html><body>report</body></html>");

		run.screenshot();

		assertThat(this.log).singleElement()
			.asString()
			.startsWith("warning: report.html could not be rendered in headless Chromium: ")
			.contains("chromium exited with 3", "no display");
	}

	/** A bench run whose PATH (and /usr/sbin stand-in) is {@code bin} alone. */
	private BenchRun benchRun(Path bin) {
		Map<String, String> environment = Map.of("PATH", bin.toString(), "KIT_SBIN", bin.toString());
		Workspace workspace = new Workspace(this.dir, this.dir.resolve("kit"), "0.0.0");
		BenchOptions options = BenchOptions.from(ParsedArgs.of("bench", "--out", this.dir.resolve("run").toString()),
				Map.of(), workspace.kitDir());
		return new BenchRun(workspace, new Tools(environment, workspace.logs(), this.log::add), options, List.of(),
				List.of(), Duration.ofSeconds(1), this.log::add, new PrintStream(new ByteArrayOutputStream()),
				new PrintStream(this.err, true, StandardCharsets.UTF_8));
	}

}
