package dev.gatewaykit.gateway.diagnostics;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.gatewaykit.common.diagnostics.GatewaySecond;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EventLoopLagProbeTests {

	private final EventLoopGroup loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final EventLoopLagProbe probe = new EventLoopLagProbe(this.loops, this.registry);

	@AfterEach
	void shutDown() {
		this.loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
	}

	@Test
	void aLoopBlockedFor500MsShowsOneProbeLateByTheWholeBlock() throws InterruptedException {
		EventExecutor blocked = this.loops.next();
		CountDownLatch blocking = new CountDownLatch(1);
		blocked.execute(() -> {
			blocking.countDown();
			sleep(500);
		});
		assertThat(blocking.await(5, TimeUnit.SECONDS)).isTrue();
		for (int tick = 0; tick < 10; tick++) {
			this.probe.tick();
			sleep(20);
		}
		// Ten ticks into the block: the blocked loop holds its first probe and nothing
		// more (one probe in flight, no pile-up); the idle loop has run all of its own.
		assertThat(this.probe.pendingTasks()).isEqualTo(1);

		awaitUntil(() -> this.probe.inFlight() == 0);
		GatewaySecond.Lag lag = this.probe.takeInterval();

		assertThat(lag.maxMicros()).isBetween(450_000L, 2_000_000L);
		// The idle loop's ten probes and the blocked loop's one.
		assertThat(lag.probes()).isEqualTo(11);
		assertThat(lag.p50Micros()).isLessThan(50_000);
		assertThat(this.registry.get(EventLoopLagProbe.TIMER).timer().count()).isEqualTo(11);
		assertThat(this.registry.get(EventLoopLagProbe.TIMER).timer().max(TimeUnit.MILLISECONDS)).isGreaterThan(350);
	}

	@Test
	void idleLoopsShowALagOfAtMostAFewMilliseconds() {
		for (int tick = 0; tick < 20; tick++) {
			this.probe.tick();
			awaitUntil(() -> this.probe.inFlight() == 0);
		}
		GatewaySecond.Lag lag = this.probe.takeInterval();

		assertThat(lag.probes()).isEqualTo(40);
		assertThat(lag.p50Micros()).isLessThan(5_000);
		assertThat(lag.maxMicros()).isLessThan(50_000);
		assertThat(this.probe.pendingTasks()).isZero();
	}

	@Test
	void aLagBeyondTheFixedRangeIsRecordedAtItsTop() {
		this.probe.record(TimeUnit.MILLISECONDS.toNanos(3));
		this.probe.record(TimeUnit.HOURS.toNanos(1));

		GatewaySecond.Lag lag = this.probe.takeInterval();

		assertThat(lag.probes()).isEqualTo(2);
		assertThat(lag.maxMicros()).isBetween(EventLoopLagProbe.HIGHEST_LAG_MICROS,
				EventLoopLagProbe.HIGHEST_LAG_MICROS * 101 / 100);
	}

	@Test
	void anIntervalIsReportedOnce() {
		this.probe.tick();
		awaitUntil(() -> this.probe.inFlight() == 0);
		assertThat(this.probe.takeInterval().probes()).isEqualTo(2);

		assertThat(this.probe.takeInterval()).isEqualTo(new GatewaySecond.Lag(0, 0, 0, 0));
	}

	/**
	 * A loop that is shutting down gracefully ends once it has run no task for its quiet
	 * period. The loops a context closes may still be probed by another context (every
	 * context in a JVM shares Reactor Netty's global loops), so a probe every 100 ms
	 * would keep the quiet period from ever ending, and the close would wait for the
	 * shutdown timeout instead.
	 */
	@Test
	void aLoopShuttingDownGetsNoMoreProbesSoItsQuietPeriodCanEnd() throws InterruptedException {
		ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
		try {
			ticker.scheduleAtFixedRate(this.probe::tick, 0, 100, TimeUnit.MILLISECONDS);
			awaitUntil(() -> this.registry.get(EventLoopLagProbe.TIMER).timer().count() >= 4);

			// Netty's (and Reactor Netty's) defaults: two seconds quiet, at most 15 s.
			boolean terminated = this.loops.shutdownGracefully(2, 15, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);

			assertThat(terminated).as("terminated within 10 s, long before the 15 s timeout").isTrue();
		}
		finally {
			ticker.shutdownNow();
		}
	}

	private static void awaitUntil(BooleanSupplier condition) {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("condition met within 5 s").isLessThan(deadline);
			Thread.onSpinWait();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
