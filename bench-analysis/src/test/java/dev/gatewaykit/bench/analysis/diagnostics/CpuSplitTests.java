package dev.gatewaykit.bench.analysis.diagnostics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuSplitTests {

	private static final String LOOP = "[reactor-http-epoll-1 tid=4711];java/lang/Thread.run;"
			+ "io/netty/util/concurrent/FastThreadLocalRunnable.run;io/netty/channel/epoll/EpollEventLoop.run;";

	@Test
	void eachSampleGoesToTheNearestLibraryOrFilterFrameAndTheSharesDivideTheGatewaysCpu() {
		String collapsed = String.join("\n",
				LOOP + "io/netty/channel/epoll/Native.epollWait;epoll_wait;entry_SYSCALL_64_[k];do_epoll_wait_[k] 30",
				LOOP + "reactor/core/publisher/MonoFlatMap$FlatMapMain.onNext;"
						+ "dev/gatewaykit/gateway/relay/TokenRelayFilter.filter;java/util/HashMap.get 11",
				LOOP + "dev/gatewaykit/gateway/relay/TokenRelayFilter.filter;"
						+ "com/fasterxml/jackson/databind/ObjectMapper.readValue;java/lang/String.<init> 20",
				LOOP + "ch/qos/logback/classic/Logger.info;java/io/FileOutputStream.write;__GI___libc_write 6",
				LOOP + "org/springframework/cloud/gateway/handler/FilteringWebHandler.handle;"
						+ "reactor/netty/http/client/HttpClientConnect$HttpObserver.onStateChange 9",
				"[GC Thread#0 tid=12];thread_native_entry;WorkerThread::run;PSScavengeRootsTask::work 15",
				"[VM Thread tid=11];thread_native_entry;VMThread::run;VM_ParallelGCFailedAllocation::doit;"
						+ "PSScavenge::invoke 4",
				"[C2 CompilerThread0 tid=13];thread_native_entry;CompileBroker::compiler_thread_loop;"
						+ "C2Compiler::compile_method 4",
				"[VM Periodic Task Thread tid=14];thread_native_entry;WatcherThread::run;libc.so.6 1",
				"not a sample line");

		CpuSplit split = CpuSplit.of(collapsed, 500);

		assertThat(split.samples()).isEqualTo(100);
		assertThat(split.parts()).extracting(CpuSplit.Part::part)
			.containsExactly(CpuPart.NETTY, CpuPart.JSON, CpuPart.GC, CpuPart.FILTERS, CpuPart.HTTP_CLIENTS,
					CpuPart.LOGGING, CpuPart.JIT, CpuPart.JVM);
		assertThat(split.parts().get(0).pct()).isCloseTo(30, within(1e-9));
		assertThat(split.parts().get(0).micros()).as("30 % of 500 µs").isCloseTo(150, within(1e-9));
		assertThat(split.parts().stream().mapToDouble(CpuSplit.Part::micros).sum()).isCloseTo(500, within(1e-9));
	}

	@Test
	void theKitsOwnProbesAreNotCountedAsTheFiltersAndAStackWithNoJavaFrameIsTheJvms() {
		assertThat(partOf("[reactor-http-epoll-2 tid=1];reactor/core/scheduler/SchedulerTask.call;"
				+ "dev/gatewaykit/gateway/diagnostics/EventLoopLagProbe$LoopProbe.run;java/lang/System.nanoTime"))
			.isEqualTo(CpuPart.KIT_PROBES);
		assertThat(partOf("[lettuce-epollEventLoop-4-1 tid=40];io/netty/channel/epoll/EpollEventLoop.run;"
				+ "io/netty/channel/epoll/Native.epollWait"))
			.as("Lettuce's own loops are the Redis client's")
			.isEqualTo(CpuPart.REDIS);
		assertThat(partOf("[Service Thread tid=9];thread_native_entry;ServiceThread::service_thread_entry"))
			.isEqualTo(CpuPart.JVM);
		assertThat(partOf("[boundedElastic-1 tid=3];java/util/concurrent/ThreadPoolExecutor.runWorker;"
				+ "com/acme/AuditFilter$$Lambda$812/0x0000000800c4d000.run;java/io/FileOutputStream.write"))
			.isEqualTo(CpuPart.FILTERS);
		assertThat(partOf("[reactor-http-epoll-3 tid=5];io/netty/channel/socket/nio/NioSocketChannel.doWrite;"
				+ "com/acme/sorting/Sorter.sort;unlink_chunk.isra.0"))
			.as("a package with 'so' in it is Java; a C clone's name with dots is not")
			.isEqualTo(CpuPart.FILTERS);
	}

	private static CpuPart partOf(String stack) {
		return CpuSplit.partOf(stack.split(";"));
	}

	@Test
	void anEmptyProfileHasNoParts() {
		CpuSplit split = CpuSplit.of("", 300);

		assertThat(split.samples()).isZero();
		assertThat(split.parts()).isEmpty();
	}

}
