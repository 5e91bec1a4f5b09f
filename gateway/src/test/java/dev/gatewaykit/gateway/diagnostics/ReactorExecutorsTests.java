package dev.gatewaykit.gateway.diagnostics;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import static org.assertj.core.api.Assertions.assertThat;

class ReactorExecutorsTests {

	@Test
	void parallelAndBoundedElasticAppearOnceUsedWithTheirBusyThreads() throws InterruptedException {
		CountDownLatch running = new CountDownLatch(2);
		CountDownLatch release = new CountDownLatch(1);
		Mono<Boolean> held = Mono.fromCallable(() -> {
			running.countDown();
			return release.await(10, TimeUnit.SECONDS);
		});
		try {
			held.subscribeOn(Schedulers.boundedElastic()).subscribe();
			held.subscribeOn(Schedulers.parallel()).subscribe();
			assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();

			assertThat(ReactorExecutors.read())
				.hasEntrySatisfying("parallel", (parallel) -> assertThat(parallel.active()).isGreaterThanOrEqualTo(1))
				.hasEntrySatisfying("boundedElastic",
						(boundedElastic) -> assertThat(boundedElastic.active()).isGreaterThanOrEqualTo(1));
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void aTaskDueAndWaitingForAThreadIsQueuedATimerIsNotAndADisposedSchedulerIsGone() throws InterruptedException {
		Scheduler single = Schedulers.newParallel("diagnostics-test", 1);
		CountDownLatch running = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		try {
			single.schedule(() -> {
				running.countDown();
				await(release);
			});
			single.schedule(() -> {
			});
			// A timer not yet due waits for its time, not for a thread.
			single.schedule(() -> {
			}, 1, TimeUnit.MINUTES);
			assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();

			assertThat(ReactorExecutors.read()).containsEntry("diagnostics-test", new GatewaySecond.Executor(1, 1));
		}
		finally {
			release.countDown();
			single.dispose();
		}
		assertThat(ReactorExecutors.read()).doesNotContainKey("diagnostics-test");
	}

	@Test
	void aSchedulerIsNamedAfterItsThreads() {
		Scheduler parallel = Schedulers.newParallel("p-name", 1);
		Scheduler boundedElastic = Schedulers.newBoundedElastic(1, 10, "be-name");
		try {
			assertThat(ReactorExecutors.schedulerName(parallel)).isEqualTo("p-name");
			assertThat(ReactorExecutors.schedulerName(boundedElastic)).isEqualTo("be-name");
		}
		finally {
			parallel.dispose();
			boundedElastic.dispose();
		}
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
