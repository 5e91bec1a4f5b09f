package dev.gatewaykit.bench.drive;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CpuSplitTests {

	@Test
	void takesTasksetsListsOfCpusTheMachineHas() {
		assertThat(CpuSplit.of("1", "0", 2).describe()).isEqualTo("the load on CPU 1, the stack on CPU 0");
		assertThat(CpuSplit.of("0,3", "1-2", 4)).isEqualTo(new CpuSplit("0,3", "1-2"));
	}

	@Test
	void refusesMalformedListsMissingCpusAndASharedOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> CpuSplit.of("one", "0", 2))
			.withMessage("the load's CPUs must be a list such as 1, 2-3 or 0,2; was 'one'");
		assertThatIllegalArgumentException().isThrownBy(() -> CpuSplit.of("1", "2", 2))
			.withMessage("the stack's CPUs name 2; this machine has CPUs 0-1");
		assertThatIllegalArgumentException().isThrownBy(() -> CpuSplit.of("3-1", "0", 4))
			.withMessageContaining("name 3-1");
		assertThatIllegalArgumentException().isThrownBy(() -> CpuSplit.of("0-2", "2-3", 4))
			.withMessage("the load's CPUs (0-2) and the stack's (2-3) must not share one");
	}

	@Test
	void pinsTheLoadAndWhatItStartedApart() throws Exception {
		// A shell standing for the kit's JVM, and its child for the stack: the test's own
		// JVM and whatever it runs are left alone.
		withShell("sleep 30 & wait", (load, split) -> {
			ProcessHandle stack = awaitChild(load.toHandle());

			split.apply(load.toHandle());

			assertThat(affinity(load.pid())).isEqualTo("1");
			assertThat(affinity(stack.pid())).isEqualTo("0");
		});
	}

	@Test
	void pinsAProcessAtItsStartAndWhatItStartsLaterInheritsIt() throws Exception {
		// A process that starts its child only after it has been pinned, as a JVM starts
		// its compiler and event-loop threads after the kit pinned it: bash's own read
		// waits half a second on the open, silent stdin, starting no process meanwhile.
		withShell("read -t 0.5; sleep 30 & wait", (started, split) -> {
			split.applyToStarted(started.pid());

			assertThat(affinity(started.pid())).isEqualTo("0");
			assertThat(affinity(awaitChild(started.toHandle()).pid())).isEqualTo("0");
		});
	}

	/**
	 * Runs {@code script} in bash, hands it to {@code test} with the split 1 / 0, then
	 * kills it and its children.
	 */
	private static void withShell(String script, ShellTest test) throws Exception {
		int cpus = Runtime.getRuntime().availableProcessors();
		assumeTrue(cpus >= 2, "needs two CPUs");
		Process shell = new ProcessBuilder("bash", "-c", script).start();
		try {
			test.run(shell, CpuSplit.of("1", "0", cpus));
		}
		finally {
			shell.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
			shell.destroyForcibly();
		}
	}

	@FunctionalInterface
	private interface ShellTest {

		void run(Process shell, CpuSplit split) throws Exception;

	}

	private static ProcessHandle awaitChild(ProcessHandle parent) throws InterruptedException {
		for (int i = 0; i < 100; i++) {
			Optional<ProcessHandle> child = parent.children().findFirst();
			if (child.isPresent()) {
				return child.get();
			}
			Thread.sleep(50);
		}
		throw new AssertionError("the shell started no child in 5 s");
	}

	/** The CPUs {@code taskset} reports for a process. */
	private static String affinity(long pid) throws Exception {
		Process taskset = new ProcessBuilder("taskset", "--cpu-list", "--pid", Long.toString(pid)).start();
		String out = new String(taskset.getInputStream().readAllBytes()).strip();
		taskset.waitFor();
		return out.substring(out.lastIndexOf(' ') + 1);
	}

}
