package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What the kit's window diagnostics did in one mode's window
 * ({@code window-diagnostics.json} in the mode's directory).
 *
 * @param profile the profiler event ({@code off} when none was asked for)
 * @param flameGraph the flame graph's file name in the mode's directory, {@code null}
 * when none was written
 * @param threadDump the thread dump's file name, {@code null} when none was taken
 * @param threadDumpAtEpochMs when it was taken, 0 when none was
 * @param profiledFromEpochMs when the profiler started (it ran to the window's end), 0
 * when it did not run
 * @param blockHound whether the gateway's blocking calls were reset at the window's start
 * and read at its end
 * @param pinnedCalls the file of the window's pinned virtual threads
 * ({@link PinnedCalls#JSON_FILE}), {@code null} when they were not recorded (not a
 * gateway-mvc case, or the recording failed; absent in records written before it existed)
 * @param notes what did not work, for the report (empty when everything did)
 */
public record WindowRecord(String profile, @Nullable String flameGraph, @Nullable String threadDump,
		long threadDumpAtEpochMs, long profiledFromEpochMs, boolean blockHound, @Nullable String pinnedCalls,
		List<String> notes) {

	public static final String FILE = "window-diagnostics.json";

	public WindowRecord {
		notes = List.copyOf(notes);
	}

}
