package dev.gatewaykit.bench.analysis.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class JitOnsetTests {

	private static final long LOAD = 1_795_910_700_000L;

	/** Lines as Java 17's {@code -Xlog:jit+compilation=debug} writes them. */
	private static final List<String> LOG = List.of(
			"[1795910699000ms]    1       3       java.lang.String::hashCode (60 bytes)",
			"[1795910699500ms] 1256     n 0       java.lang.invoke.MethodHandle::linkToVirtual(LL)V (native)   (static)",
			// Compiled again at another tier after the load came: counted once, before.
			"[1795910700100ms]  744       4       java.lang.String::hashCode (60 bytes)",
			"[1795910700200ms]  744       4       java.nio.Buffer::<init> (105 bytes)   made not entrant",
			"[1795910700300ms] 1259   !   2       io.netty.channel.nio.NioEventLoop::run (424 bytes)",
			"[1795910700400ms] 1341 %     3       io.netty.channel.DefaultChannelPipeline::addLast @ 39 (74 bytes)",
			"[1795910701900ms] 1400       3       com.netflix.concurrency.limits.limit.Gradient2Limit::_update (200 bytes)",
			"[1795910704999ms] 1401   s   1       io.netty.channel.AbstractChannel::close (10 bytes)",
			"[1795910705000ms] 1402       3       io.netty.buffer.PooledByteBuf::release (9 bytes)",
			"[1795910705001ms] 1403       3       Hi::main (30 bytes)", "a line of another kind");

	@Test
	void countsEachMethodOnceAtItsFirstCompilation() {
		JitOnset onset = JitOnset.of(LOG.stream(), LOAD);

		assertThat(onset.before()).isEqualTo(1);
		assertThat(onset.perSecond()).containsExactly(2L, 1L, 0L, 0L, 1L);
		assertThat(onset.during()).isEqualTo(4);
		assertThat(onset.packages()).containsExactly(new JitOnset.PackageCount("io.netty.channel", 3),
				new JitOnset.PackageCount("com.netflix.concurrency", 1));
		assertThat(onset.describe()).isEqualTo("1 methods compiled before the load; 4 first compiled in its first 5 s "
				+ "[2, 1, 0, 0, 1], most in io.netty.channel 3, com.netflix.concurrency 1");
	}

	@Test
	void aClassWithoutAPackageIsCountedAsSuch() {
		JitOnset onset = JitOnset.of(Stream.of("[1795910700001ms]    1       3       Hi::main (30 bytes)"), LOAD);

		assertThat(onset.packages()).containsExactly(new JitOnset.PackageCount(JitOnset.NO_PACKAGE, 1));
	}

	@Test
	void readsTheLogAJvmWritesWithTheOption(@TempDir Path dir) throws Exception {
		Path log = dir.resolve("jit.log");
		long start = System.currentTimeMillis();
		Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				JitOnset.jvmOption(log), "-version")
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("out").toFile())
			.start();
		assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(jvm.exitValue()).isZero();

		JitOnset onset = JitOnset.read(log, start);

		// Even java -version compiles some methods, all after this test's clock began.
		assertThat(Files.size(log)).isPositive();
		assertThat(onset.before()).isZero();
		assertThat(onset.during()).isPositive();
	}

}
