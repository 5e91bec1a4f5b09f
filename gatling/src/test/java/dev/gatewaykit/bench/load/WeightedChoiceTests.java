package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class WeightedChoiceTests {

	@Test
	void givesEachAlternativeAsManyDrawsAsItsWeight() {
		WeightedChoice choice = new WeightedChoice(List.of(3, 1, 2));

		assertThat(IntStream.range(0, 6).map(choice::choose).boxed().toList()).containsExactly(0, 0, 0, 1, 2, 2);
	}

	@Test
	void alwaysChoosesTheOnlyAlternative() {
		WeightedChoice choice = new WeightedChoice(List.of(5));

		assertThat(IntStream.range(0, 100).map((i) -> choice.next(ThreadLocalRandom.current()))).containsOnly(0);
	}

	@Test
	void refusesAWeightBelowOneAndNothingToChooseFrom() {
		assertThatIllegalArgumentException().isThrownBy(() -> new WeightedChoice(List.of(2, 0)))
			.withMessage("weights must be at least 1, was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new WeightedChoice(List.of()));
	}

}
