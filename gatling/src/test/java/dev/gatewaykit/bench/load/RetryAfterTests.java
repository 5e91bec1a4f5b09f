package dev.gatewaykit.bench.load;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterTests {

	private static final Instant NOW = Instant.parse("2026-11-27T21:00:00Z");

	@Test
	void readsWholeSecondsOnARefusal() {
		assertThat(RetryAfter.of(503, "1", NOW)).contains(Duration.ofSeconds(1));
		assertThat(RetryAfter.of(429, " 7 ", NOW)).contains(Duration.ofSeconds(7));
		assertThat(RetryAfter.of(503, "0", NOW)).contains(Duration.ZERO);
	}

	@Test
	void readsAnHttpDateAsTheTimeUntilIt() {
		assertThat(RetryAfter.of(503, "Fri, 27 Nov 2026 21:00:05 GMT", NOW)).contains(Duration.ofSeconds(5));
		assertThat(RetryAfter.of(503, "Fri, 27 Nov 2026 20:59:00 GMT", NOW)).contains(Duration.ZERO);
	}

	@Test
	void waitsNoLongerThanItsCap() {
		assertThat(RetryAfter.of(503, "3600", NOW)).contains(RetryAfter.LONGEST);
		assertThat(RetryAfter.of(503, "99999999999999999999", NOW)).contains(RetryAfter.LONGEST);
		assertThat(RetryAfter.of(429, "Sat, 28 Nov 2026 21:00:00 GMT", NOW)).contains(RetryAfter.LONGEST);
	}

	@Test
	void ignoresOtherStatusesAndWhatItCannotRead() {
		assertThat(RetryAfter.of(200, "1", NOW)).isEmpty();
		assertThat(RetryAfter.of(504, "1", NOW)).isEmpty();
		assertThat(RetryAfter.of(null, "1", NOW)).isEmpty();
		assertThat(RetryAfter.of(503, null, NOW)).isEmpty();
		assertThat(RetryAfter.of(503, "", NOW)).isEmpty();
		assertThat(RetryAfter.of(503, "soon", NOW)).isEmpty();
		assertThat(RetryAfter.of(503, "-1", NOW)).isEmpty();
	}

}
