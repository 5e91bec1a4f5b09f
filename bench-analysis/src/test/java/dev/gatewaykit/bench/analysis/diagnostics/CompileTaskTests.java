package dev.gatewaykit.bench.analysis.diagnostics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CompileTaskTests {

	private static final String C2 = "[C2 CompilerThre tid=13];thread_native_entry;CompileBroker::invoke_compiler_on_method;"
			+ "C2Compiler::compile_method;";

	private static final String C1 = "[C1 CompilerThre tid=14];thread_native_entry;CompileBroker::invoke_compiler_on_method;"
			+ "Compiler::compile_method;";

	@Test
	void eachCompilersSamplesAddUpByTheMethodAboveItsCompileMethodTheMostFirst() {
		String collapsed = C2 + "java/util/HashMap.getNode_[j];Compile::Compile;Matcher::match 3\n" + C2
				+ "java/util/HashMap.getNode_[j];Compile::Compile;PhaseIdealLoop::build 4\n" + C2
				+ "io/netty/buffer/AbstractByteBuf.writeBytes_[j];Compile::Compile 5\n" + C1
				+ "java/util/HashMap.getNode_[j];Compilation::compile_method 1\n"
				+ "[reactor-http-epoll-1 tid=20];java/lang/Thread.run_[j];a/B.c_[0] 90\n";

		assertThat(CompileTask.top(collapsed, 2)).containsExactly(new CompileTask("C2", "java.util.HashMap.getNode", 7),
				new CompileTask("C2", "io.netty.buffer.AbstractByteBuf.writeBytes", 5));
		assertThat(CompileTask.top(collapsed, 10)).hasSize(3)
			.last()
			.isEqualTo(new CompileTask("C1", "java.util.HashMap.getNode", 1));
	}

	@Test
	void onlyACompilerThreadsCompilerEntryFollowedByAJavaFrameIsATask() {
		String collapsed = "[reactor-http-epoll-1 tid=20];CompileBroker::compile_method;a/B.c_[j] 5\n" + C2
				+ "__memmove_avx_unaligned 3\n" + C1 + "[unknown] 2\n" + C2 + "do_syscall_64_[k] 1\n";

		assertThat(CompileTask.top(collapsed, 10)).isEmpty();
	}

	@Test
	void aProfileWithoutTheFeatureNamesNoTask() {
		assertThat(CompileTask.top(
				"[C2 CompilerThre tid=13];thread_native_entry;C2Compiler::compile_method;" + "Compile::Compile 9\n",
				10))
			.isEmpty();
	}

}
