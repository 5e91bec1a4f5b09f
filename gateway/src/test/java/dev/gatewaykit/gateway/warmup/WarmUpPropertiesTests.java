package dev.gatewaykit.gateway.warmup;

import java.time.Duration;
import java.util.stream.LongStream;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WarmUpPropertiesTests {

	private static final String PATH = "/api/mall/products/1";

	@Test
	void takesAnAccountWholeOrNotAtAll() {
		assertThat(properties("warm-up", "secret").account()).isTrue();
		assertThat(properties(null, null).account()).isFalse();
		assertThat(properties("", " ").account()).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> properties("warm-up", null))
			.withMessageContaining("give both or neither");
		assertThatIllegalArgumentException().isThrownBy(() -> properties(null, "secret"))
			.withMessageContaining("give both or neither");
	}

	@Test
	void neverPrintsThePassword() {
		assertThat(properties("warm-up", "s3cret-value")).hasToString(
				"WarmUpProperties[enabled=true, requests=1, concurrency=1, timeout=PT1S, path=/api/mall/products/1, "
						+ "username=warm-up, password=(hidden), newConnectionEvery=10]");
	}

	@Test
	void closesEveryNthConnectionOrNone() {
		WarmUpProperties everyThird = new WarmUpProperties(true, 1, 1, Duration.ofSeconds(1), PATH, null, null, 3);
		assertThat(LongStream.range(0, 9).filter(everyThird::closesConnection)).containsExactly(2L, 5L, 8L);
		WarmUpProperties never = new WarmUpProperties(true, 1, 1, Duration.ofSeconds(1), PATH, null, null, 0);
		assertThat(LongStream.range(0, 100).filter(never::closesConnection)).isEmpty();
	}

	@Test
	void refusesATimeoutThatIsNoneAndAPathThatIsNotOne() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new WarmUpProperties(true, 1, 1, Duration.ZERO, PATH, null, null, 10))
			.withMessageContaining("timeout must be positive");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new WarmUpProperties(true, 1, 1, Duration.ofSeconds(1), "api/mall", null, null, 10))
			.withMessageContaining("must start with '/'");
	}

	private static WarmUpProperties properties(@Nullable String username, @Nullable String password) {
		return new WarmUpProperties(true, 1, 1, Duration.ofSeconds(1), PATH, username, password, 10);
	}

}
