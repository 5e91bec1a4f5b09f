package dev.gatewaykit.bench.analysis.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * What the kernel says about a process: its open file descriptors (the entries of
 * {@code /proc/<pid>/fd}, sockets included) and its threads ({@code Threads:} in
 * {@code /proc/<pid>/status}). Read from outside, so they count what the JVM's own meters
 * miss: native threads and descriptors no Java object holds any more.
 *
 * @param openFiles open file descriptors
 * @param threads threads, the JVM's own (GC, compiler) included
 */
public record ProcessFacts(int openFiles, int threads) {

	/** The real {@code /proc}. */
	public static final Path PROC = Path.of("/proc");

	/**
	 * Reads {@code proc/<pid>}.
	 * @throws BadInputException when the process is gone or the files are not what Linux
	 * writes
	 */
	public static ProcessFacts read(Path proc, long pid) {
		Path dir = proc.resolve(Long.toString(pid));
		try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
			int openFiles = (int) fds.count();
			return new ProcessFacts(openFiles, threads(Files.readString(dir.resolve("status"))));
		}
		catch (IOException ex) {
			throw new BadInputException("cannot read " + dir + " (has process " + pid + " exited?): " + ex);
		}
		catch (UncheckedIOException ex) {
			throw new BadInputException("cannot read " + dir + ": " + ex.getCause());
		}
	}

	/** The {@code Threads:} line of a {@code /proc/<pid>/status} text. */
	static int threads(String status) {
		for (String line : status.split("\n")) {
			if (line.startsWith("Threads:")) {
				String value = line.substring("Threads:".length()).trim();
				try {
					return Integer.parseInt(value);
				}
				catch (NumberFormatException ex) {
					throw new BadInputException("not a thread count in /proc/<pid>/status: '" + line + "'");
				}
			}
		}
		throw new BadInputException("no Threads: line in /proc/<pid>/status");
	}

}
