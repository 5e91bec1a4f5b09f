package dev.gatewaykit.bench.analysis.summary;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.mode.MvcMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BenchModesTests {

	@Test
	void theProfilesAreAliasesOfExecutionModes() {
		assertThat(BenchModes.executionMode("naive")).isEqualTo(ExecutionMode.BLOCKING);
		assertThat(BenchModes.executionMode("fixed")).isEqualTo(ExecutionMode.REACTIVE);
		assertThat(BenchModes.executionMode("publish-on")).isEqualTo(ExecutionMode.PUBLISH_ON);
		assertThat(BenchModes.mvcMode("naive")).isEmpty();
	}

	/** Another gateway, not another execution mode of the WebFlux one. */
	@Test
	void theMvcModesAreBenchModesButNoExecutionModes() {
		assertThat(BenchModes.NAMES).contains("mvc-platform", "mvc-virtual");
		assertThat(BenchModes.mvcMode("mvc-platform")).contains(MvcMode.PLATFORM);
		assertThat(BenchModes.mvcMode("mvc-virtual")).contains(MvcMode.VIRTUAL);
		assertThatIllegalArgumentException().isThrownBy(() -> BenchModes.executionMode("mvc-virtual"))
			.withMessageContaining("gateway-mvc's mode");
	}

	@Test
	void anUnknownNameListsEveryMode() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchModes.executionMode("turbo"))
			.withMessageContaining("mvc-platform, mvc-virtual");
	}

}
