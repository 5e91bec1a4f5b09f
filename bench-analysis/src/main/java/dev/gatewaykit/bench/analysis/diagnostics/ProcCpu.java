package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * CPU time a process has used, from {@code /proc/<pid>/stat}: user plus system time
 * (fields 14 and 15), in clock ticks. The same figure {@code top} and {@code ps} show,
 * read without starting a process.
 */
public final class ProcCpu {

	/**
	 * Clock ticks per second ({@code getconf CLK_TCK}). Linux has reported 100 to user
	 * space on every architecture since 2.6, whatever the kernel's internal HZ.
	 */
	public static final long TICKS_PER_SECOND = 100;

	private static final Path PROC = Path.of("/proc");

	private ProcCpu() {
	}

	/**
	 * User plus system ticks of {@code pid}; empty when it has exited (or this is not
	 * Linux).
	 */
	public static OptionalLong ticks(long pid) {
		try {
			return OptionalLong.of(parseTicks(Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"))));
		}
		catch (IOException | BadInputException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * utime + stime of one {@code stat} line. The command name (field 2) is in
	 * parentheses and may itself hold spaces and parentheses, so the fields are counted
	 * from the last {@code ')'}.
	 * @throws BadInputException when the line is not a {@code stat} line
	 */
	static long parseTicks(String stat) {
		int end = stat.lastIndexOf(')');
		if (end < 0) {
			throw new BadInputException("not a /proc/<pid>/stat line: " + abbreviate(stat));
		}
		// After ")": field 3 (state) is index 0, so utime (14) is 11 and stime (15) 12.
		String[] fields = stat.substring(end + 1).trim().split(" ");
		if (fields.length < 13) {
			throw new BadInputException("a /proc/<pid>/stat line with too few fields: " + abbreviate(stat));
		}
		try {
			return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
		}
		catch (NumberFormatException ex) {
			throw new BadInputException("utime/stime are not numbers in: " + abbreviate(stat));
		}
	}

	/** Microseconds of CPU time in {@code ticks}. */
	public static double micros(long ticks) {
		return ticks * 1_000_000.0 / TICKS_PER_SECOND;
	}

	private static String abbreviate(String text) {
		return (text.length() > 120) ? text.substring(0, 120) + "…" : text;
	}

}
