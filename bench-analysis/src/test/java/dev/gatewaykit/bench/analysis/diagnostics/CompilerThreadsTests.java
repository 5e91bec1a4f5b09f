package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.BadInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CompilerThreadsTests {

	@Test
	void knowsHotSpotsCompilerThreadsByTheirKernelNames() {
		assertThat(CompilerThreads.isCompiler("C2 CompilerThre")).isTrue();
		assertThat(CompilerThreads.isCompiler("C1 CompilerThre")).isTrue();
		assertThat(CompilerThreads.isCompiler("JVMCI CompilerT")).isTrue();
		assertThat(CompilerThreads.isCompiler("reactor-http-ep")).isFalse();
		assertThat(CompilerThreads.isCompiler("GC Thread#0")).isFalse();
	}

	@Test
	void countsTheGrowthOfThreadsSeenTwiceAllOfANewOneAndNothingOfAnEndedOne() {
		Map<Long, Long> before = Map.of(11L, 500L, 12L, 40L, 13L, 900L);
		// 11 grew by 30; 12 did not move; 13 ended (HotSpot stops idle compiler
		// threads) and its ticks are unknown; 14 started and spent 7.
		Map<Long, Long> after = Map.of(11L, 530L, 12L, 40L, 14L, 7L);

		assertThat(CompilerThreads.since(before, after)).isEqualTo(37);
	}

	@Test
	void readsTheCommandNameFromAStatLineWhoseNameHoldsParentheses() {
		assertThat(CompilerThreads.name("4243 (C2 CompilerThre) S 1 4242 4242 0 -1 0 0 0 0 0 12 3"))
			.isEqualTo("C2 CompilerThre");
		assertThat(CompilerThreads.name("4244 (a (b) c) S 1")).isEqualTo("a (b) c");
		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> CompilerThreads.name("no name"));
	}

	@Test
	void findsThisJvmsCompilerThreadsAndNoneOfAProcessThatIsNotThere() {
		// The test's own JVM runs with its JIT on: it has C1 and C2 threads. (A process
		// without a JIT is CpuSamplerTests': a test of the analysis starts no process.)
		assertThat(CompilerThreads.ticks(ProcessHandle.current().pid())).isNotEmpty();
		assertThat(CompilerThreads.ticks(Long.MAX_VALUE)).isEmpty();
	}

	@Test
	void aThreadWhoseTicksFellCountsNothing() {
		// A thread id reused by a new thread between two readings: no negative time.
		assertThat(CompilerThreads.since(Map.of(11L, 500L), Map.of(11L, 20L))).isZero();
	}

}
