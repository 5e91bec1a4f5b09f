package dev.gatewaykit.bench.analysis.diagnostics;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CodeTierTests {

	private static final String LOOP = "[reactor-http-epoll-1 tid=20];java/lang/Thread.run_[j];"
			+ "io/netty/channel/nio/NioEventLoop.run_[j]";

	@Test
	void aSampleIsItsLeafMostJavaFramesTierAnInlinedFrameThatOfTheFrameItIsIn() {
		assertThat(CodeTier.of((LOOP + ";dev/gatewaykit/gateway/Filter.apply_[0]").split(";")))
			.isEqualTo(CodeTier.INTERPRETED);
		assertThat(CodeTier.of((LOOP + ";dev/gatewaykit/gateway/Filter.apply_[1]").split(";"))).isEqualTo(CodeTier.C1);
		assertThat(
				CodeTier.of((LOOP + ";dev/gatewaykit/gateway/Filter.apply_[1];java/util/HashMap.get_[i]").split(";")))
			.as("inlined into C1 code")
			.isEqualTo(CodeTier.C1);
		assertThat(
				CodeTier.of((LOOP + ";sun/nio/ch/SocketDispatcher.write0_[j];write;entry_SYSCALL_64_[k]").split(";")))
			.as("the kernel under C2 code")
			.isEqualTo(CodeTier.C2);
		assertThat(
				CodeTier.of((LOOP + ";dev/gatewaykit/gateway/Filter.apply_[0];InterpreterRuntime::resolve_from_cache;"
						+ "LinkResolver::resolve_invoke")
					.split(";")))
			.as("the runtime resolving for the interpreter")
			.isEqualTo(CodeTier.INTERPRETED);
	}

	@Test
	void theJitsAndTheGcsThreadsAreTiersOfTheirOwnAndNoJavaFrameIsTheRuntimes() {
		assertThat(CodeTier.of("[C2 CompilerThread0 tid=13];thread_native_entry;C2Compiler::compile_method".split(";")))
			.isEqualTo(CodeTier.JIT);
		assertThat(CodeTier.of("[GC Thread#0 tid=12];thread_native_entry;PSScavengeRootsTask::work".split(";")))
			.isEqualTo(CodeTier.GC);
		assertThat(CodeTier.of("[VM Periodic Task Thread tid=9];thread_native_entry;WatcherThread::run".split(";")))
			.isEqualTo(CodeTier.RUNTIME);
	}

	@Test
	void countsEveryTierOfACollapsedProfileNoneLeftOut() {
		String collapsed = LOOP + ";a/B.c_[0] 7\n" + LOOP + ";a/B.c_[j] 5\n" + LOOP + ";a/B.c_[1] 2\n"
				+ "[C1 CompilerThread0 tid=14];thread_native_entry;Compilation::compile_method 4\n";

		Map<CodeTier, Long> counts = CodeTier.count(collapsed);

		assertThat(counts).containsEntry(CodeTier.INTERPRETED, 7L)
			.containsEntry(CodeTier.C2, 5L)
			.containsEntry(CodeTier.C1, 2L)
			.containsEntry(CodeTier.JIT, 4L)
			.containsEntry(CodeTier.GC, 0L)
			.containsEntry(CodeTier.RUNTIME, 0L)
			.hasSize(CodeTier.values().length);
	}

}
