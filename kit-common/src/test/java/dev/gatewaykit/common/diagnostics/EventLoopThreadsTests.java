package dev.gatewaykit.common.diagnostics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EventLoopThreadsTests {

	@Test
	void theLoopsThatServeRequestsAreEventLoops() {
		assertThat(EventLoopThreads.servesRequests("reactor-http-epoll-2")).isTrue();
		assertThat(EventLoopThreads.servesRequests("reactor-http-nio-1")).isTrue();
	}

	@Test
	void theAcceptingThreadIsNot() {
		assertThat(EventLoopThreads.servesRequests("reactor-http-select-epoll-1")).isFalse();
	}

	@Test
	void otherPoolsAreNot() {
		assertThat(EventLoopThreads.servesRequests("parallel-1")).isFalse();
		assertThat(EventLoopThreads.servesRequests("boundedElastic-3")).isFalse();
		assertThat(EventLoopThreads.servesRequests("lettuce-epollEventLoop-4-1")).isFalse();
	}

}
