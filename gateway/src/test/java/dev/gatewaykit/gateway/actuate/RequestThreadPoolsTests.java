package dev.gatewaykit.gateway.actuate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestThreadPoolsTests {

	@Test
	void theEventLoopPoolLeavesTheAcceptingThreadOut() {
		// Its CPU is not the loops' work: counted in, it would raise the loops' measured
		// hold time per request and lower the bound the bench derives from it.
		assertThat(RequestThreadPools.BY_TAG.get("event-loop")).accepts("reactor-http-epoll-2", "reactor-http-nio-3")
			.rejects("reactor-http-select-epoll-1", "parallel-1");
	}

	@Test
	void theSchedulersArePickedByTheirNames() {
		assertThat(RequestThreadPools.BY_TAG.get("parallel")).accepts("parallel-2").rejects("boundedElastic-1");
		assertThat(RequestThreadPools.BY_TAG.get("bounded-elastic")).accepts("boundedElastic-7").rejects("parallel-2");
	}

}
