package dev.gatewaykit.bench.drive;

import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.gatewaykit.launcher.RunFailedException;

/**
 * The load on some of the machine's CPUs and everything it measures on the others: the
 * kit's JVM, which sends the open-model load, pinned with {@code taskset} to
 * {@code loadCpus}, and every process it started (Redis, toxiproxy, the services, the
 * gateway, nginx) with all their threads to {@code stackCpus}. On a 2-core box the load
 * generator's own CPU per request is of the order of the gateway's; past the knee it
 * grows with the offered rate, not with what is served, and takes the cores a gateway
 * would need to refuse and serve (docs/overload.md measured both ways). A thread started
 * later inherits its creator's CPUs; a process started later is pinned by the next
 * {@link #apply}, or at once by {@link #applyToStarted}: a gateway that warmed itself up
 * on every CPU and lost all but the stack's at its first request would start slower than
 * any gateway in production does.
 *
 * @param loadCpus the load's CPUs, in {@code taskset}'s list form ({@code 1},
 * {@code 2-3}, {@code 0,2})
 * @param stackCpus the stack's
 */
public record CpuSplit(String loadCpus, String stackCpus) {

	private static final Pattern LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

	/**
	 * The split given, checked against this machine's {@code cpus}.
	 * @throws IllegalArgumentException when a list is malformed, names a CPU the machine
	 * does not have, or the two share a CPU
	 */
	public static CpuSplit of(String loadCpus, String stackCpus, int cpus) {
		BitSet load = parse("load", loadCpus, cpus);
		BitSet stack = parse("stack", stackCpus, cpus);
		if (load.intersects(stack)) {
			throw new IllegalArgumentException(
					"the load's CPUs (" + loadCpus + ") and the stack's (" + stackCpus + ") must not share one");
		}
		return new CpuSplit(loadCpus, stackCpus);
	}

	private static BitSet parse(String whose, String list, int cpus) {
		if (!LIST.matcher(list).matches()) {
			throw new IllegalArgumentException(
					"the " + whose + "'s CPUs must be a list such as 1, 2-3 or 0,2; was '" + list + "'");
		}
		BitSet set = new BitSet();
		for (String part : list.split(",")) {
			String[] ends = part.split("-");
			int from = Integer.parseInt(ends[0]);
			int to = Integer.parseInt(ends[ends.length - 1]);
			if (to < from || to >= cpus) {
				throw new IllegalArgumentException(
						"the " + whose + "'s CPUs name " + part + "; this machine has CPUs 0-" + (cpus - 1));
			}
			set.set(from, to + 1);
		}
		return set;
	}

	/** As the logs and reports say it. */
	public String describe() {
		return "the load on CPU " + this.loadCpus + ", the stack on CPU " + this.stackCpus;
	}

	/**
	 * Pins the kit's JVM to the load's CPUs and every process it has started, with all
	 * their threads, to the stack's.
	 * @throws RunFailedException when {@code taskset} is missing or refuses
	 */
	public void apply() {
		apply(ProcessHandle.current());
	}

	/**
	 * Pins one process the kit has just started, with all its threads, to the stack's
	 * CPUs: threads it starts later inherit them.
	 * @throws RunFailedException when {@code taskset} is missing or refuses
	 */
	public void applyToStarted(long pid) {
		pin(this.stackCpus, pid);
	}

	/** Pins {@code load} to the load's CPUs and every process under it to the stack's. */
	void apply(ProcessHandle load) {
		pin(this.loadCpus, load.pid());
		for (ProcessHandle process : load.descendants().toList()) {
			// A process that ended since the list was taken needs no CPU.
			if (process.isAlive()) {
				pin(this.stackCpus, process.pid());
			}
		}
	}

	private static void pin(String cpus, long pid) {
		List<String> command = List.of("taskset", "--all-tasks", "--cpu-list", "--pid", cpus, Long.toString(pid));
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			if (!process.waitFor(10, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new RunFailedException(String.join(" ", command) + " did not finish in 10 s");
			}
			String output = new String(process.getInputStream().readAllBytes()).strip();
			if (process.exitValue() != 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
				throw new RunFailedException(
						String.join(" ", command) + " exited with " + process.exitValue() + ": " + output);
			}
		}
		catch (IOException ex) {
			throw new RunFailedException("cannot run taskset (Debian: apt-get install util-linux) to pin the load and "
					+ "the stack apart: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted while pinning the load and the stack apart", ex);
		}
	}

}
