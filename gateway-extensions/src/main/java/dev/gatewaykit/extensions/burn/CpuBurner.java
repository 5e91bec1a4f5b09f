package dev.gatewaykit.extensions.burn;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * Spends CPU on the calling thread until its CPU time has grown by the asked amount:
 * measured by the thread's own CPU clock, not by the wall clock, so that a thread that is
 * descheduled half way still pays the whole cost, and a sleep never stands in for work.
 */
final class CpuBurner {

	private final ThreadMXBean threads;

	/**
	 * What the loop computes, written so the JIT cannot drop the loop as dead code.
	 */
	private volatile long sink;

	CpuBurner() {
		this(ManagementFactory.getThreadMXBean());
	}

	CpuBurner(ThreadMXBean threads) {
		if (!threads.isCurrentThreadCpuTimeSupported()) {
			throw new IllegalStateException("this JVM cannot measure a thread's CPU time, which Burn needs");
		}
		this.threads = threads;
		this.threads.setThreadCpuTimeEnabled(true);
	}

	/**
	 * Burns {@code cost} of this thread's CPU time.
	 * @return the CPU time it spent, in nanoseconds: at least {@code cost}
	 */
	long burn(Duration cost) {
		long start = this.threads.getCurrentThreadCpuTime();
		long until = start + cost.toNanos();
		long x = start;
		long now = start;
		while (now < until) {
			// A few dozen nanoseconds of arithmetic between two looks at the clock,
			// whose own cost (a system call) counts as spent too.
			for (int i = 0; i < 64; i++) {
				x = x * 6364136223846793005L + 1442695040888963407L;
			}
			now = this.threads.getCurrentThreadCpuTime();
		}
		this.sink = x;
		return now - start;
	}

}
