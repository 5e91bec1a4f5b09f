package dev.gatewaykit.bench.analysis.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * What the threads of a process (or of several: nginx's master and workers) have spent on
 * a core and runnable but waiting for one, from each thread's
 * {@code /proc/<pid>/task/<tid>/schedstat} (the scheduler's own accounting, in ns). Two
 * readings over a window give how many of its threads were waiting for a core on average:
 * on the 2-core box at twice the knee 11 to 14 threads of the stack were, which is what
 * nginx's refusals' 5-16 ms by the load's clock were spent on (docs/overload.md, "A knee
 * held twice"). The machine-wide {@code /proc/schedstat} is not there on every kernel;
 * the per-thread file is. Only the threads in both readings count: one that exits in
 * between takes its counters with it, and one started in between brings its wait from
 * before.
 */
public final class CoreWait {

	private static final Path PROC = Path.of("/proc");

	/** Each thread's counters, by thread id. */
	private final Map<Long, Counters> threads;

	CoreWait(Map<Long, Counters> threads) {
		this.threads = Map.copyOf(threads);
	}

	/**
	 * One thread's schedstat.
	 *
	 * @param runNanos time it ran
	 * @param waitNanos time it was runnable and waited for a core
	 * @param slices how many times it was given a core
	 */
	record Counters(long runNanos, long waitNanos, long slices) {

	}

	/**
	 * The threads of the processes {@code pids} now; none of a process gone (or not
	 * Linux). The caller names the processes that count as one (nginx's master and its
	 * workers), so that this reads files and starts or follows nothing.
	 */
	public static CoreWait of(Collection<Long> pids) {
		Map<Long, Counters> threads = new HashMap<>();
		pids.forEach((pid) -> read(pid, threads));
		return new CoreWait(threads);
	}

	private static void read(long pid, Map<Long, Counters> into) {
		Path tasks = PROC.resolve(Long.toString(pid)).resolve("task");
		try (Stream<Path> threads = Files.list(tasks)) {
			threads.forEach((task) -> {
				try {
					into.put(Long.parseLong(task.getFileName().toString()),
							parse(Files.readString(task.resolve("schedstat"))));
				}
				catch (IOException | NumberFormatException | BadInputException ex) {
					// A thread that ended between the listing and the read.
				}
			});
		}
		catch (IOException ex) {
			// The process is gone.
		}
	}

	/**
	 * One {@code schedstat} line: ns on a core, ns waiting runnable, slices.
	 * @throws BadInputException when it is not
	 */
	static Counters parse(String schedstat) {
		String[] fields = schedstat.trim().split("\\s+");
		if (fields.length < 3) {
			throw new BadInputException("not a schedstat line: " + schedstat.strip());
		}
		try {
			return new Counters(Long.parseLong(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]));
		}
		catch (NumberFormatException ex) {
			throw new BadInputException("a schedstat line that is not numbers: " + schedstat.strip());
		}
	}

	/** Time the threads read ran, ns. */
	public long runNanos() {
		return this.threads.values().stream().mapToLong(Counters::runNanos).sum();
	}

	/**
	 * Its threads waiting for a core on average since {@code earlier}, over
	 * {@code wallNanos}: the growth of the wait of the threads in both readings over the
	 * wall time.
	 */
	public double waitingSince(CoreWait earlier, long wallNanos) {
		return (wallNanos > 0) ? growth(earlier).waitNanos() / (double) wallNanos : Double.NaN;
	}

	/**
	 * How long its threads waited on average, ms, each time one became runnable since
	 * {@code earlier}: what each hop of a request through it waited before it ran; NaN
	 * when none ran.
	 */
	public double waitPerSliceMsSince(CoreWait earlier) {
		Counters growth = growth(earlier);
		return (growth.slices() > 0) ? growth.waitNanos() / 1e6 / growth.slices() : Double.NaN;
	}

	/**
	 * The counters' growth since {@code earlier}, summed over the threads in both; a
	 * thread whose counters fell is a new thread with an old one's id, and left out.
	 */
	private Counters growth(CoreWait earlier) {
		long run = 0;
		long wait = 0;
		long slices = 0;
		for (Map.Entry<Long, Counters> thread : this.threads.entrySet()) {
			Counters then = earlier.threads.get(thread.getKey());
			Counters now = thread.getValue();
			if (then != null && now.waitNanos() >= then.waitNanos() && now.slices() >= then.slices()) {
				run += now.runNanos() - then.runNanos();
				wait += now.waitNanos() - then.waitNanos();
				slices += now.slices() - then.slices();
			}
		}
		return new Counters(run, wait, slices);
	}

}
