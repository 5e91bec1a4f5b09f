package dev.gatewaykit.bench.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import dev.gatewaykit.bench.analysis.littleslaw.GatewayFacts;
import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.analysis.summary.Summarizer;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.TimeSeries;

/** File helpers shared by the tests of several packages. */
public final class TestFiles {

	/**
	 * The sample run (naive, fixed, ceiling, params.json) the tests summarize and report
	 * on.
	 */
	public static final Path FIXTURE_RUN = fixtures().resolve("run");

	/**
	 * The fixtures' directory, found from whichever module's tests run (Surefire runs
	 * each in its module's directory): they live with the analysis, which owns their
	 * format.
	 */
	public static Path fixtures() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			Path fixtures = dir.resolve("bench-analysis/src/test/resources/fixtures");
			if (Files.isDirectory(fixtures)) {
				return fixtures;
			}
		}
		throw new IllegalStateException(
				"no bench-analysis/src/test/resources/fixtures above " + Path.of("").toAbsolutePath());
	}

	private TestFiles() {
	}

	/**
	 * The sample run copied into {@code run}, each mode summarized into its
	 * {@code mode-summary.json}, as {@code ./kit bench} leaves it before the report.
	 */
	public static void summarizedRun(Path run) throws IOException {
		copy(FIXTURE_RUN, run);
		for (String mode : List.of("naive", "fixed", ModeSummary.CEILING)) {
			Path dir = run.resolve(mode);
			MeasuredRun measured = BenchJson.read(dir.resolve("measured.json"), MeasuredRun.class);
			TimeSeries series = BenchJson.read(dir.resolve("timeseries.json"), TimeSeries.class);
			GatewayFacts gateway = Files.exists(dir.resolve("gateway.json"))
					? BenchJson.read(dir.resolve("gateway.json"), GatewayFacts.class) : null;
			BenchJson.write(dir.resolve(ModeSummary.FILE), Summarizer.summarize(mode, measured, series, gateway,
					new LinkLatencies(25, 3, 0), measured.workload()));
		}
	}

	/**
	 * Copies a directory tree, so a test can write next to fixtures without touching
	 * them.
	 */
	public static void copy(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path source : files.toList()) {
				Path target = to.resolve(from.relativize(source).toString());
				if (Files.isDirectory(source)) {
					Files.createDirectories(target);
				}
				else {
					Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
				}
			}
		}
	}

	/** Deletes a directory tree. */
	public static void delete(Path dir) throws IOException {
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
