package dev.gatewaykit.common.diagnostics;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import static org.assertj.core.api.Assertions.assertThat;

class SchedulerThreadsTests {

	@Test
	void reactorsOwnSchedulersNameTheirThreadsSo() {
		assertThat(threadName(Schedulers.parallel())).matches(SchedulerThreads::isParallel);
		assertThat(threadName(Schedulers.boundedElastic())).matches(SchedulerThreads::isBoundedElastic);
	}

	@Test
	void otherThreadsAreNeither() {
		for (String name : new String[] { "reactor-http-epoll-2", "lettuce-epollEventLoop-4-1", "main" }) {
			assertThat(SchedulerThreads.isParallel(name)).as(name).isFalse();
			assertThat(SchedulerThreads.isBoundedElastic(name)).as(name).isFalse();
		}
	}

	private static String threadName(Scheduler scheduler) {
		return Mono.fromCallable(() -> Thread.currentThread().getName())
			.subscribeOn(scheduler)
			.block(Duration.ofSeconds(5));
	}

}
