package dev.gatewaykit.gateway.warmup;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SelfWarmUpTests {

	@Test
	void countsOnlyAnswersTheWholePathGave() {
		assertThat(SelfWarmUp.warms(200)).isTrue();
		assertThat(SelfWarmUp.warms(401)).as("what a request without an account gets").isTrue();
		assertThat(SelfWarmUp.warms(SelfWarmUp.NO_ANSWER)).isFalse();
		assertThat(SelfWarmUp.warms(503)).as("the admission limit's or a breaker's refusal").isFalse();
		assertThat(SelfWarmUp.warms(502)).isFalse();
	}

}
