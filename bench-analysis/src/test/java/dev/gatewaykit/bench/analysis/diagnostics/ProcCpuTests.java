package dev.gatewaykit.bench.analysis.diagnostics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ProcCpuTests {

	@Test
	void addsUserAndSystemTicksCountedFromTheLastParenthesis() {
		// A command name with a space and a ')' in it: fields are counted after the last
		// ')', so utime (14) = 1234 and stime (15) = 56.
		String stat = "4242 (java (gw) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 40 0 500 0";

		assertThat(ProcCpu.parseTicks(stat)).isEqualTo(1290);
	}

	@Test
	void refusesALineThatIsNotAStatLine() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> ProcCpu.parseTicks("no parenthesis"))
			.withMessageContaining("not a /proc/<pid>/stat line");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> ProcCpu.parseTicks("1 (x) S 1 2"))
			.withMessageContaining("too few fields");
	}

	@Test
	void readsTheCpuTimeThisProcessHasSpent() {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long before = ProcCpu.ticks(ProcessHandle.current().pid()).orElseThrow();
		// Spin until this thread has had 300 ms of CPU, however busy the box is.
		long cpuStart = threads.getCurrentThreadCpuTime();
		long deadline = System.nanoTime() + 60_000_000_000L;
		while (threads.getCurrentThreadCpuTime() - cpuStart < 300_000_000L && System.nanoTime() < deadline) {
			Math.sqrt(deadline);
		}

		long after = ProcCpu.ticks(ProcessHandle.current().pid()).orElseThrow();

		// 300 ms is 30 ticks, and this JVM's other threads only add to it.
		assertThat(after - before).isGreaterThanOrEqualTo(28);
	}

	@Test
	void aProcessThatIsGoneHasNoTicks() throws Exception {
		Process process = new ProcessBuilder("true").start();
		process.waitFor();

		assertThat(ProcCpu.ticks(process.pid())).isEmpty();
	}

	@Test
	void convertsTicksToMicroseconds() {
		assertThat(ProcCpu.micros(3)).isEqualTo(30_000.0);
	}

}
