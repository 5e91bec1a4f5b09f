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
 * {@code ByteBuf} that was garbage-collected without being released, and at
 * {@code paranoid} every buffer is tracked, so one report is one real leak.
 *
 * @param count how many report lines
 * @param first the first few, for the terminal and {@code soak.json}
 */
public record LeakReports(long count, List<String> first) {

	/** What Netty's detector starts each report with. */
	static final String MARKER = "LEAK:";

	/** The JVM option that makes Netty track every buffer it allocates. */
	public static final String PARANOID = "-Dio.netty.leakDetection.level=paranoid";

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
