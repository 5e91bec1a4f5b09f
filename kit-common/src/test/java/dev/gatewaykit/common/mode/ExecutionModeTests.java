package dev.gatewaykit.common.mode;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExecutionModeTests {

	@ParameterizedTest(name = "{0} → {1}")
	@CsvSource({ "blocking, BLOCKING", "publish-on, PUBLISH_ON", "bounded-elastic, BOUNDED_ELASTIC",
			"reactive, REACTIVE", "PUBLISH_ON, PUBLISH_ON", "Reactive, REACTIVE" })
	void parsesIdsAndNames(String text, ExecutionMode mode) {
		assertThat(ExecutionMode.of(text)).isEqualTo(mode);
		assertThat(ExecutionMode.of(mode.id())).isEqualTo(mode);
	}

	@ParameterizedTest
	@ValueSource(strings = { "turbo", "", "publish_on " })
	void refusesUnknownModesListingTheValidOnes(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> ExecutionMode.of(text))
			.withMessage("unknown execution mode '" + text + "'; expected one of blocking, publish-on, "
					+ "bounded-elastic, reactive");
	}

}
