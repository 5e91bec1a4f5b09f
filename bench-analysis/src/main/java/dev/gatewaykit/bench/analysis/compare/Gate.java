package dev.gatewaykit.bench.analysis.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;

/**
 * The regression gate: a run against a saved baseline, trustworthy on a noisy machine. It
 * first refuses runs that did not measure the same thing ({@link Comparability}), then
 * decides per mode and metric on the medians and ranges of the repeats
 * ({@link Comparison}), and says so in the terminal, in its status, and, when asked, in
 * {@code verdict.json} and JUnit XML. {@code ./kit compare} and {@code ./kit bench
 * --compare} both call {@link #check}.
 */
public final class Gate {

	private Gate() {
	}

	/**
	 * Compares two {@code summary.json} files, prints the table and the verdict, writes
	 * the verdict files the options name.
	 * @param baseline the saved baseline's summary.json
	 * @param current the run under test's summary.json
	 * @param options limits, {@code --force}, verdict files
	 * @param out the table and the verdict line
	 * @param err why nothing was decided: runs that are not comparable
	 * @return the decision: pass, fail (a regression or an invalid mode), not comparable,
	 * or nothing compared (no mode in common)
	 * @throws BadInputException when a file cannot be read (then no verdict file is
	 * written)
	 */
	public static GateVerdict.Status check(Path baseline, Path current, GateOptions options, PrintStream out,
			PrintStream err) {
		RunSummary before = BenchJson.read(baseline, RunSummary.class);
		RunSummary after = BenchJson.read(current, RunSummary.class);
		out.println(
				"baseline " + before.run() + " (" + baseline + ") vs current " + after.run() + " (" + current + ")");
		GateVerdict verdict = judge(before, baseline, after, current, options, out, err);
		out.println(verdict.summary());
		if (options.json() != null) {
			write(options.json(), verdict);
			out.println("wrote " + options.json());
		}
		if (options.junit() != null) {
			JUnitReport.write(verdict, options.junit());
			out.println("wrote " + options.junit());
		}
		return verdict.status();
	}

	/** The decision on two read summaries; prints the comparison as it goes. */
	static GateVerdict judge(RunSummary baseline, Path baselineFile, RunSummary current, Path currentFile,
			GateOptions options, PrintStream out, PrintStream err) {
		Comparability comparability = Comparability.of(baseline, current);
		if (!comparability.allowed().isEmpty()) {
			out.println("allowed differences (change under test, bookkeeping): " + comparability.allowedText());
		}
		GateVerdict.RunFile before = new GateVerdict.RunFile(baselineFile.toString(), baseline.run());
		GateVerdict.RunFile after = new GateVerdict.RunFile(currentFile.toString(), current.run());
		boolean forced = !comparability.comparable() && options.force();
		if (!comparability.comparable() && !forced) {
			err.println("NOT COMPARABLE: the runs differ in what they measured under:");
			comparability.refused().forEach((difference) -> err.println("  " + difference.text()));
			err.println("Measure the baseline again with the same parameters on the same machine and tools, "
					+ "or pass --force to compare anyway.");
			return new GateVerdict(GateVerdict.SCHEMA, GateVerdict.Status.NOT_COMPARABLE,
					"NOT COMPARABLE: " + comparability.refusedText() + " (--force compares anyway)", before, after,
					options.thresholds(), false, comparability.refused(), comparability.allowed(), List.of(),
					List.of());
		}
		if (forced) {
			out.println("compared despite: " + comparability.refusedText() + " (--force)");
		}
		Comparison comparison = Comparison.of(baseline.samples(), current.samples(), options.thresholds());
		out.print(comparison.table());
		List<NewBlockingCall> blocking = NewBlockingCall.between(baseline.modes(), current.modes());
		if (!blocking.isEmpty()) {
			out.println("blocking calls on non-blocking threads new in this run (BlockHound, both runs --blockhound):");
			blocking.forEach((call) -> out.println("  " + call.text()));
		}
		GateVerdict.Status status;
		if (comparison.failed()) {
			status = GateVerdict.Status.FAIL;
		}
		else {
			status = comparison.comparedAny() ? GateVerdict.Status.PASS : GateVerdict.Status.NOTHING_COMPARED;
		}
		String summary = comparison.verdictLine()
				+ (forced ? "; compared despite: " + comparability.refusedText() : "");
		return new GateVerdict(GateVerdict.SCHEMA, status, summary, before, after, options.thresholds(), forced,
				comparability.refused(), comparability.allowed(), comparison.modes(), blocking);
	}

	private static void write(Path file, GateVerdict verdict) {
		createParent(file);
		BenchJson.write(file, verdict);
	}

	/** Creates the directory a verdict file goes into, if missing. */
	static void createParent(Path file) {
		Path parent = file.toAbsolutePath().getParent();
		try {
			if (parent != null) {
				Files.createDirectories(parent);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create " + parent, ex);
		}
	}

}
