package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CoreWaitTests {

	private static final long SECOND = 1_000_000_000L;

	@Test
	void parsesASchedstatLine() {
		assertThat(CoreWait.parse("123456 7890 12\n")).isEqualTo(new CoreWait.Counters(123_456, 7890, 12));
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CoreWait.parse("12 34"));
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CoreWait.parse("a b c"));
	}

	@Test
	void theWaitsGrowthOverTheWallTimeIsTheThreadsWaitingOnAverage() {
		CoreWait before = new CoreWait(Map.of(1L, new CoreWait.Counters(SECOND, 2 * SECOND, 1000)));
		CoreWait after = new CoreWait(Map.of(1L, new CoreWait.Counters(SECOND, 9 * SECOND, 8000)));

		// 7 s of waiting in 2 s: 3.5 threads waited at any moment, 1 ms each time.
		assertThat(after.waitingSince(before, 2 * SECOND)).isEqualTo(3.5);
		assertThat(after.waitPerSliceMsSince(before)).isEqualTo(1.0);
		assertThat(after.waitPerSliceMsSince(after)).isNaN();
	}

	@Test
	void onlyTheThreadsInBothReadingsCount() {
		CoreWait before = new CoreWait(Map.of(1L, new CoreWait.Counters(SECOND, SECOND, 100), 2L,
				new CoreWait.Counters(SECOND, 50 * SECOND, 100), 3L, new CoreWait.Counters(SECOND, 5 * SECOND, 100)));
		// 2 exited, 3 is a new thread with an old id, 4 started in between.
		CoreWait after = new CoreWait(Map.of(1L, new CoreWait.Counters(SECOND, 3 * SECOND, 200), 3L,
				new CoreWait.Counters(SECOND, SECOND, 10), 4L, new CoreWait.Counters(SECOND, 40 * SECOND, 100)));

		assertThat(after.waitingSince(before, SECOND)).isEqualTo(2.0);
		assertThat(after.waitPerSliceMsSince(before)).isEqualTo(20.0);
	}

	@Test
	void readsTheThreadsOfTheProcessesNamed() throws Exception {
		Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
		try {
			Thread.sleep(300);
			long self = CoreWait.of(List.of(ProcessHandle.current().pid())).runNanos();
			long spun = CoreWait.of(List.of(child.pid())).runNanos();
			long both = CoreWait.of(List.of(ProcessHandle.current().pid(), child.pid())).runNanos();

			assertThat(self).isPositive();
			assertThat(spun).as("the child spun").isPositive();
			// Read last, and the counters only grow: both hold each, and this process
			// alone does not hold its child.
			assertThat(both).isGreaterThanOrEqualTo(self + spun);
			assertThat(CoreWait.of(List.of(Long.MAX_VALUE)).runNanos()).as("no such process").isZero();
		}
		finally {
			child.destroyForcibly().waitFor();
		}
	}

}
