package dev.gatewaykit.bench.analysis.diagnostics;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.diagnostics.ThreadDump.LoopActivity;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadDumpTests {

	private static final String DUMP = """
			2026-11-24 10:00:00
			Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing):

			"reactor-http-epoll-2" #36 daemon prio=5 os_prio=0 cpu=812.44ms elapsed=61.02s tid=0x00007f nid=0x1a waiting on condition  [0x00007f]
			   java.lang.Thread.State: WAITING (parking)
			\tat jdk.internal.misc.Unsafe.park(java.base@17.0.15/Native Method)
			\t- parking to wait for  <0x00000000f1e2d3c4> (a java.util.concurrent.CompletableFuture$Signaller)
			\tat java.util.concurrent.locks.LockSupport.park(java.base@17.0.15/LockSupport.java:211)
			\tat java.util.concurrent.CompletableFuture.get(java.base@17.0.15/CompletableFuture.java:2096)
			\tat io.lettuce.core.internal.Futures.awaitOrCancel(Futures.java:240)
			\tat dev.gatewaykit.gateway.mode.BlockingIdentityCalls.session(BlockingIdentityCalls.java:57)
			\tat dev.gatewaykit.gateway.mode.BlockingIdentityBackend.loadSession(BlockingIdentityBackend.java:60)

			"reactor-http-epoll-1" #35 daemon prio=5 os_prio=0 cpu=900.01ms elapsed=61.02s tid=0x00007f nid=0x19 runnable  [0x00007f]
			   java.lang.Thread.State: RUNNABLE
			\tat io.netty.channel.epoll.Native.epollWait0(Native Method)
			\tat io.netty.channel.epoll.Native.epollWait(Native.java:193)
			\tat io.netty.channel.epoll.EpollEventLoop.run(EpollEventLoop.java:414)

			"reactor-http-epoll-3" #37 daemon prio=5 os_prio=0 cpu=10.00ms elapsed=61.02s tid=0x00007f nid=0x1b runnable  [0x00007f]
			   java.lang.Thread.State: RUNNABLE
			\tat io.netty.buffer.AbstractByteBuf.writeBytes(AbstractByteBuf.java:1100)
			\tat dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter.filter(AuthenticationGlobalFilter.java:80)

			"reactor-http-select-epoll-1" #34 daemon prio=5 os_prio=0 cpu=20.00ms elapsed=61.02s tid=0x00007f nid=0x18 runnable  [0x00007f]
			   java.lang.Thread.State: RUNNABLE
			\tat io.netty.channel.epoll.Native.epollWait0(Native Method)
			\tat io.netty.channel.epoll.EpollEventLoop.run(EpollEventLoop.java:414)

			"parallel-1" #40 daemon prio=5 os_prio=0 cpu=1.00ms elapsed=61.02s tid=0x00007f nid=0x1c waiting on condition  [0x00007f]
			   java.lang.Thread.State: WAITING (parking)
			\tat jdk.internal.misc.Unsafe.park(java.base@17.0.15/Native Method)

			"VM Thread" os_prio=0 cpu=50.00ms elapsed=61.02s tid=0x00007f nid=0x5 runnable

			JNI global refs: 30, weak refs: 0
			""";

	@Test
	void parsesEveryThreadWithItsStateFramesAndWhatItIsParkedOn() {
		List<ThreadDump.DumpedThread> threads = ThreadDump.parse(DUMP);

		assertThat(threads).extracting(ThreadDump.DumpedThread::name)
			.containsExactly("reactor-http-epoll-2", "reactor-http-epoll-1", "reactor-http-epoll-3",
					"reactor-http-select-epoll-1", "parallel-1", "VM Thread");
		ThreadDump.DumpedThread blocked = threads.get(0);
		assertThat(blocked.state()).isEqualTo("WAITING (parking)");
		assertThat(blocked.parkedOn()).contains("java.util.concurrent.CompletableFuture$Signaller");
		assertThat(blocked.frames()).first().isEqualTo("jdk.internal.misc.Unsafe.park(Native Method)");
		assertThat(blocked.frames())
			.contains("java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2096)");
		assertThat(threads.get(5).frames()).isEmpty();
		assertThat(threads).extracting(ThreadDump.DumpedThread::nativeId)
			.containsExactly(0x1aL, 0x19L, 0x1bL, 0x18L, 0x1cL, 0x5L);
		// Accepting connections is part of a request's path too.
		assertThat(ThreadDump.requestPathThreads(DUMP)).containsExactly(0x1aL, 0x19L, 0x1bL, 0x18L, 0x1cL);
	}

	@Test
	void saysForEachEventLoopWhetherItWasIdleBlockedOrRunningAndWhere() {
		List<LoopActivity> loops = ThreadDump.eventLoops(DUMP);

		// The accepting thread serves no request: it is not one of the loops.
		assertThat(loops).extracting(LoopActivity::thread)
			.containsExactly("reactor-http-epoll-1", "reactor-http-epoll-2", "reactor-http-epoll-3");
		assertThat(loops.get(0).activity()).isEqualTo(LoopActivity.IDLE);
		assertThat(loops.get(1).activity()).isEqualTo(LoopActivity.BLOCKED);
		assertThat(loops.get(1).detail()).isEqualTo("waiting on CompletableFuture$Signaller in "
				+ "dev.gatewaykit.gateway.mode.BlockingIdentityCalls.session(BlockingIdentityCalls.java:57)");
		assertThat(loops.get(2).activity()).isEqualTo(LoopActivity.RUNNING);
		assertThat(loops.get(2).detail()).isEqualTo(
				"dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter.filter(AuthenticationGlobalFilter.java:80)");
	}

	@Test
	void findsABlockedEventLoopInARealJcmdThreadDump(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
		CompletableFuture<String> never = new CompletableFuture<>();
		CountDownLatch parked = new CountDownLatch(1);
		Thread loop = new Thread(() -> waitForever(never, parked), "reactor-http-epoll-7");
		loop.setDaemon(true);
		loop.start();
		try {
			assertThat(parked.await(10, TimeUnit.SECONDS)).isTrue();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (loop.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
			Path file = dir.resolve("dump.txt");
			Process process = new ProcessBuilder(jcmd.toString(), Long.toString(ProcessHandle.current().pid()),
					"Thread.print")
				.redirectErrorStream(true)
				.redirectOutput(file.toFile())
				.start();
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

			List<LoopActivity> loops = ThreadDump.eventLoops(java.nio.file.Files.readString(file));

			assertThat(loops).singleElement().satisfies((activity) -> {
				assertThat(activity.thread()).isEqualTo("reactor-http-epoll-7");
				assertThat(activity.activity()).isEqualTo(LoopActivity.BLOCKED);
				assertThat(activity.detail()).startsWith("waiting on CompletableFuture$Signaller in "
						+ "dev.gatewaykit.bench.analysis.diagnostics.ThreadDumpTests.waitForever(ThreadDumpTests.java:");
			});
		}
		finally {
			never.complete("done");
			loop.join(10_000);
		}
	}

	private static void waitForever(CompletableFuture<String> never, CountDownLatch parked) {
		parked.countDown();
		never.join();
	}

}
