package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * The CPU time of a JVM's JIT compiler threads, from {@code /proc/<pid>/task/<tid>/stat}:
 * what a gateway spends compiling rather than serving. A warm-up cost, not the build's
 * cost per request, and it comes in bursts: the A/B gate leaves it out of the gateway's
 * CPU per request and shows it beside it.
 */
public final class CompilerThreads {

	private static final Path PROC = Path.of("/proc");

	private CompilerThreads() {
	}

	/**
	 * Whether a thread is one of HotSpot's compiler threads, by the name the kernel keeps
	 * (its first 15 characters: {@code C2 CompilerThre}).
	 */
	public static boolean isCompiler(String thread) {
		return thread.startsWith("C1 CompilerThre") || thread.startsWith("C2 CompilerThre")
				|| thread.startsWith("JVMCI CompilerT");
	}

	/**
	 * User plus system ticks of each compiler thread of {@code pid} now, by thread id;
	 * empty for a process that has none (nginx, Redis) or has exited.
	 */
	public static Map<Long, Long> ticks(long pid) {
		Map<Long, Long> ticks = new HashMap<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC.resolve(Long.toString(pid)).resolve("task"))) {
			for (Path task : tasks) {
				try {
					String stat = Files.readString(task.resolve("stat"));
					if (isCompiler(name(stat))) {
						ticks.put(Long.parseLong(task.getFileName().toString()), ProcCpu.parseTicks(stat));
					}
				}
				catch (IOException | BadInputException | NumberFormatException ex) {
					// The thread ended between the listing and the read: it spent nothing
					// more.
				}
			}
		}
		catch (IOException ex) {
			return Map.of();
		}
		return ticks;
	}

	/**
	 * The ticks the compiler threads spent between two readings: a thread in both counts
	 * its growth, one started since counts all it has. One that ended since is lost
	 * (HotSpot stops idle compiler threads), so this can only say less than was spent.
	 */
	public static long since(Map<Long, Long> before, Map<Long, Long> after) {
		long spent = 0;
		for (Map.Entry<Long, Long> thread : after.entrySet()) {
			spent += Math.max(0, thread.getValue() - before.getOrDefault(thread.getKey(), 0L));
		}
		return spent;
	}

	/**
	 * The command name of a {@code stat} line: between the first '(' and the last ')'.
	 */
	static String name(String stat) {
		int open = stat.indexOf('(');
		int close = stat.lastIndexOf(')');
		if (open < 0 || close < open) {
			throw new BadInputException("not a /proc/<pid>/task/<tid>/stat line");
		}
		return stat.substring(open + 1, close);
	}

}
