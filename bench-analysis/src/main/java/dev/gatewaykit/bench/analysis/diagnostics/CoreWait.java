package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * What a process's threads (and its children's: nginx's workers) have spent on a core and
 * runnable but waiting for one, from each thread's
 * {@code /proc/<pid>/task/<tid>/schedstat} (the scheduler's own accounting, in ns). Two
 * readings over a window give how many of its threads were waiting for a core on average:
 * on the 2-core box at twice the knee 11 to 14 threads of the stack were, which is what
 * nginx's refusals' 5-16 ms by the load's clock were spent on (docs/overload.md, "A knee
 * held twice"). The machine-wide {@code /proc/schedstat} is not there on every kernel;
 * the per-thread file is.
 *
 * @param runNanos time its threads ran
 * @param waitNanos time they were runnable and waited for a core
 * @param slices how many times one was given a core
 */
public record CoreWait(long runNanos, long waitNanos, long slices) {

	private static final Path PROC = Path.of("/proc");

	static final CoreWait NONE = new CoreWait(0, 0, 0);

	/**
	 * The threads of {@code process} and of its descendants now (nginx's workers are its
	 * master's children), those that exit meanwhile left out; {@link #NONE} for a process
	 * gone (or not Linux). Not for a process that started others to be counted apart: the
	 * kit's JVM is the parent of the whole stack.
	 */
	public static CoreWait ofTree(ProcessHandle process) {
		return Stream.concat(Stream.of(process), process.descendants()).map(CoreWait::of).reduce(NONE, CoreWait::plus);
	}

	/** The threads of {@code process} alone now; {@link #NONE} for a process gone. */
	public static CoreWait of(ProcessHandle process) {
		Path tasks = PROC.resolve(Long.toString(process.pid())).resolve("task");
		try (Stream<Path> threads = Files.list(tasks)) {
			return threads.map(CoreWait::thread).reduce(NONE, CoreWait::plus);
		}
		catch (IOException ex) {
			return NONE;
		}
	}

	private static CoreWait thread(Path task) {
		try {
			return parse(Files.readString(task.resolve("schedstat")));
		}
		catch (IOException | BadInputException ex) {
			// A thread that ended between the listing and the read.
			return NONE;
		}
	}

	/**
	 * One {@code schedstat} line: ns on a core, ns waiting runnable, slices.
	 * @throws BadInputException when it is not
	 */
	static CoreWait parse(String schedstat) {
		String[] fields = schedstat.trim().split("\\s+");
		if (fields.length < 3) {
			throw new BadInputException("not a schedstat line: " + schedstat.strip());
		}
		try {
			return new CoreWait(Long.parseLong(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]));
		}
		catch (NumberFormatException ex) {
			throw new BadInputException("a schedstat line that is not numbers: " + schedstat.strip());
		}
	}

	CoreWait plus(CoreWait other) {
		return new CoreWait(this.runNanos + other.runNanos, this.waitNanos + other.waitNanos,
				this.slices + other.slices);
	}

	/**
	 * Its threads waiting for a core on average since {@code earlier}, over
	 * {@code wallNanos}: the wait's growth over the wall time. A thread that exited in
	 * between takes its time with it, so a negative growth counts as none.
	 */
	public double waitingSince(CoreWait earlier, long wallNanos) {
		return (wallNanos > 0) ? Math.max(0, this.waitNanos - earlier.waitNanos) / (double) wallNanos : Double.NaN;
	}

	/**
	 * How long its threads waited on average, ms, each time one became runnable since
	 * {@code earlier}: what each hop of a request through it waited before it ran; NaN
	 * when none ran.
	 */
	public double waitPerSliceMsSince(CoreWait earlier) {
		long slices = this.slices - earlier.slices;
		return (slices > 0) ? Math.max(0, this.waitNanos - earlier.waitNanos) / 1e6 / slices : Double.NaN;
	}

}
