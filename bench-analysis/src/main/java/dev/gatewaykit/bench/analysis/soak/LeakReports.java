package dev.gatewaykit.bench.analysis.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code LEAK:} reports Netty's {@code ResourceLeakDetector} logged: each one is a
 * {@code ByteBuf} that was garbage-collected without being released. The detector tracks
 * every buffer at {@code paranoid} and a sample at the other levels; either way a report
 * is a real leak, never a sampling artefact.
 *
 * @param count how many report lines
 * @param first the first few, for the terminal and {@code soak.json}
 */
public record LeakReports(long count, List<String> first) {

	/** What Netty's detector starts each report with. */
	static final String MARKER = "LEAK:";

	/**
	 * Netty's leak-detection levels a soak may run at: {@code simple} and
	 * {@code advanced} track one buffer in 128 ({@code advanced} with where it was
	 * touched), {@code paranoid} every buffer, at a cost in CPU that lowers the rate the
	 * gateway sustains.
	 */
	public static final List<String> LEVELS = List.of("simple", "advanced", "paranoid");

	/** The JVM option that sets Netty's leak detector to {@code level}. */
	public static String level(String level) {
		if (!LEVELS.contains(level)) {
			throw new IllegalArgumentException("unknown leak-detection level '" + level + "' (" + LEVELS + ")");
		}
		return "-Dio.netty.leakDetection.level=" + level;
	}

	/**
	 * How many access records each report keeps: enough to see where the buffer was last
	 * touched without a report of hundreds of lines.
	 */
	public static final String TARGET_RECORDS = "-Dio.netty.leakDetection.targetRecords=8";

	private static final int KEPT = 5;

	public LeakReports {
		first = List.copyOf(first);
	}

	/** The reports in {@code logs} (missing files count as none). */
	public static LeakReports in(List<Path> logs) {
		long count = 0;
		List<String> first = new ArrayList<>();
		for (Path log : logs) {
			if (!Files.isRegularFile(log)) {
				continue;
			}
			// A log may hold bytes that are not UTF-8 (a binary body logged at DEBUG):
			// skip
			// them rather than fail the count.
			try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(log),
					StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)))) {
				String line;
				while ((line = reader.readLine()) != null) {
					if (line.contains(MARKER)) {
						count++;
						if (first.size() < KEPT) {
							first.add(line.strip());
						}
					}
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot read " + log, ex);
			}
		}
		return new LeakReports(count, first);
	}

}
