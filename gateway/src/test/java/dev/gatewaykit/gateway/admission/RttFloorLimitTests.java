package dev.gatewaykit.gateway.admission;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RttFloorLimitTests {

	private static final int IN_FLIGHT = 150;

	/**
	 * A plain route: 3 ms a request, then fifteen seconds at 9 ms (a burst of
	 * compilation, a GC): the gradient alone reads a tripling as a queue and shrinks
	 * below the load in flight; with the floor it reads 50 ms throughout and keeps its
	 * limit.
	 */
	@Test
	void aFastRoutesJitterDoesNotShrinkTheLimit() {
		Limit gradient = gradient();
		Limit floored = new RttFloorLimit(gradient(), Duration.ofMillis(50));

		feed(gradient, 3, 60);
		feed(floored, 3, 60);
		assertThat(gradient.getLimit()).as("both grew while half the limit was in use").isGreaterThan(IN_FLIGHT);
		assertThat(floored.getLimit()).isGreaterThan(IN_FLIGHT);
		int before = floored.getLimit();

		feed(gradient, 9, 15);
		feed(floored, 9, 15);

		assertThat(gradient.getLimit()).as("the gradient alone refuses steady load").isLessThan(IN_FLIGHT);
		assertThat(floored.getLimit()).isGreaterThanOrEqualTo(before);
	}

	/**
	 * Above the floor the algorithm sees the real response times and shrinks as before.
	 */
	@Test
	void aQueueAboveTheFloorStillShrinksIt() {
		Limit floored = new RttFloorLimit(gradient(), Duration.ofMillis(50));
		feed(floored, 60, 60);
		int before = floored.getLimit();

		feed(floored, 400, 8);

		assertThat(floored.getLimit()).isLessThan(before / 2);
	}

	@Test
	void aNegativeFloorIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RttFloorLimit(gradient(), Duration.ofMillis(-1)))
			.withMessageContaining("must not be negative");
	}

	private static Limit gradient() {
		return Gradient2Limit.newBuilder().initialLimit(200).minLimit(20).maxConcurrency(1000).rttTolerance(2).build();
	}

	/** One sample a window, as WindowedLimit hands them on. */
	private static void feed(Limit limit, long rttMs, int windows) {
		for (int i = 0; i < windows; i++) {
			limit.onSample(0, TimeUnit.MILLISECONDS.toNanos(rttMs), IN_FLIGHT, false);
		}
	}

}
