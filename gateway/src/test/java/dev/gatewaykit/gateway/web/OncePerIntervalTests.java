package dev.gatewaykit.gateway.web;

import java.time.Duration;
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

}
