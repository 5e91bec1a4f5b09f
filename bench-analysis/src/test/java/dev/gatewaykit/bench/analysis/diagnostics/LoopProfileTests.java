package dev.gatewaykit.bench.analysis.diagnostics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LoopProfileTests {

	private static final String COLLAPSED = """
			[reactor-http-epoll-1 tid=10];java/lang/Thread.run;io/netty/channel/epoll/EpollEventLoop.run;dev/gatewaykit/gateway/mode/BlockingIdentityBackend.loadSession;dev/gatewaykit/gateway/mode/BlockingIdentityCalls.loadSession;java/util/concurrent/CompletableFuture.get;jdk/internal/misc/Unsafe.park 60
			[reactor-http-epoll-2 tid=11];java/lang/Thread.run;dev/gatewaykit/gateway/mode/BlockingIdentityCalls.fetchRelayToken;java/net/http/HttpClient.send;jdk/internal/misc/Unsafe.park 30
			[reactor-http-epoll-2 tid=11];java/lang/Thread.run;io/netty/channel/epoll/EpollEventLoop.run;io/netty/channel/epoll/Native.epollWait;epoll_wait 6
			[reactor-http-epoll-1 tid=10];java/lang/Thread.run;io/netty/channel/epoll/EpollEventLoop.run;dev/gatewaykit/gateway/filter/AuthenticationGlobalFilter.filter;io/netty/buffer/AbstractByteBuf.writeBytes 4
			[parallel-1 tid=12];java/lang/Thread.run;jdk/internal/misc/Unsafe.park 500
			[reactor-http-select-epoll-1 tid=9];java/lang/Thread.run;io/netty/channel/epoll/EpollEventLoop.run;io/netty/channel/epoll/Native.epollWait;epoll_wait 300
			not a line
			""";

	@Test
	void splitsTheLoopsSamplesIntoIdleBlockedAndRunningUnderTheirApplicationFrames() {
		LoopProfile loops = LoopProfile.of(COLLAPSED);

		// Neither the parallel pool nor the accepting thread is one of the loops.
		assertThat(loops.samples()).isEqualTo(100);
		assertThat(loops.blockedPct()).isCloseTo(90.0, within(0.001));
		assertThat(loops.idlePct()).isCloseTo(6.0, within(0.001));
		assertThat(loops.runningPct()).isCloseTo(4.0, within(0.001));
		assertThat(loops.blockedIn()).containsExactly(
				new LoopProfile.FrameShare("dev.gatewaykit.gateway.mode.BlockingIdentityCalls.loadSession", 60.0),
				new LoopProfile.FrameShare("dev.gatewaykit.gateway.mode.BlockingIdentityCalls.fetchRelayToken", 30.0));
		assertThat(loops.runningIn()).containsExactly(
				new LoopProfile.FrameShare("dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter.filter", 4.0));
	}

	@Test
	void aProfileWithoutEventLoopsIsEmpty() {
		LoopProfile loops = LoopProfile.of("[main tid=1];java/lang/Thread.run 10\n");

		assertThat(loops.samples()).isZero();
		assertThat(loops.blockedIn()).isEmpty();
	}

}
