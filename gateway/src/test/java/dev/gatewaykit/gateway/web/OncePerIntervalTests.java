package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OncePerIntervalTests {

	private final AtomicLong now = new AtomicLong(1_000_000_000L);

	private final OncePerInterval once = new OncePerInterval(Duration.ofSeconds(10), this.now::get);

	@Test
	void letsTheFirstOfEachKeyThroughAndCountsTheRestUntilTheIntervalEnds() {
		assertThat(this.once.tryAcquire("pool")).isZero();
		assertThat(this.once.tryAcquire("pool")).isEqualTo(-1);
		assertThat(this.once.tryAcquire("pool")).isEqualTo(-1);
		assertThat(this.once.tryAcquire("executor")).as("another cause").isZero();

		this.now.addAndGet(Duration.ofSeconds(9).toNanos());
		assertThat(this.once.tryAcquire("pool")).isEqualTo(-1);

		this.now.addAndGet(Duration.ofSeconds(1).toNanos());
		assertThat(this.once.tryAcquire("pool")).as("the three left out since").isEqualTo(3);
		assertThat(this.once.tryAcquire("pool")).isEqualTo(-1);
	}

	@Test
	void aFlushReportsWhatWasLeftOutOnceTheIntervalIsOverAndTakesThePlaceOfTheNextLine() {
		Map<String, Long> reported = new LinkedHashMap<>();
		this.once.tryAcquire("pool");
		this.once.tryAcquire("pool");
		this.once.tryAcquire("pool");
		this.once.tryAcquire("executor");

		this.once.flush(reported::put);
		assertThat(reported).as("the interval is not over").isEmpty();

		this.now.addAndGet(Duration.ofSeconds(10).toNanos());
		this.once.flush(reported::put);
		assertThat(reported).as("executor left nothing out").containsExactly(Map.entry("pool", 2L));
		assertThat(this.once.tryAcquire("pool")).as("the flush was this interval's line").isEqualTo(-1);

		reported.clear();
		this.now.addAndGet(Duration.ofSeconds(10).toNanos());
		this.once.flush(reported::put);
		assertThat(reported).containsExactly(Map.entry("pool", 1L));
		this.once.flush(reported::put);
		assertThat(reported).as("nothing left out since").hasSize(1);
	}

	@Test
	void flushesOnItsOwnUntilClosed() throws Exception {
		OncePerInterval fast = new OncePerInterval(Duration.ofMillis(20), System::nanoTime);
		fast.tryAcquire("pool");
		fast.tryAcquire("pool");
		CountDownLatch flushed = new CountDownLatch(1);

		try (AutoCloseable flushing = fast.flushEvery((key, count) -> flushed.countDown())) {
			assertThat(flushed.await(5, TimeUnit.SECONDS)).isTrue();
		}
	}

}
