package dev.gatewaykit.bench.analysis.diagnostics;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CoreWaitTests {

	@Test
	void parsesASchedstatLine() {
		assertThat(CoreWait.parse("123456 7890 12\n")).isEqualTo(new CoreWait(123_456, 7890, 12));
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CoreWait.parse("12 34"));
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CoreWait.parse("a b c"));
	}

	@Test
	void theWaitsGrowthOverTheWallTimeIsTheThreadsWaitingOnAverage() {
		CoreWait before = new CoreWait(1_000_000_000L, 2_000_000_000L, 1000);
		CoreWait after = new CoreWait(1_500_000_000L, 9_000_000_000L, 8000);

		// 7 s of waiting in 2 s: 3.5 threads waited at any moment, 1 ms each time.
		assertThat(after.waitingSince(before, 2_000_000_000L)).isEqualTo(3.5);
		assertThat(after.waitPerSliceMsSince(before)).isEqualTo(1.0);
		assertThat(before.waitingSince(after, 2_000_000_000L)).as("threads that exited").isZero();
		assertThat(after.waitPerSliceMsSince(after)).isNaN();
	}

	@Test
	void readsAProcesssThreadsWithOrWithoutItsChildren() throws Exception {
		Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
		try {
			Thread.sleep(300);
			CoreWait self = CoreWait.of(ProcessHandle.current());
			CoreWait spun = CoreWait.of(child.toHandle());
			CoreWait tree = CoreWait.ofTree(ProcessHandle.current());

			assertThat(self.slices()).isPositive();
			assertThat(spun.runNanos()).as("the child spun").isPositive();
			// Read last, and the counters only grow: the tree holds both, and this
			// process alone does not hold the child.
			assertThat(tree.runNanos()).isGreaterThanOrEqualTo(self.runNanos() + spun.runNanos());
		}
		finally {
			child.destroyForcibly().waitFor();
		}
	}

}
