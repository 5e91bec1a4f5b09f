package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

class TemplateTests {

	private final RandomGenerator random = new SplittableRandom(42);

	@Test
	void drawsEachRandomPlaceholderFromItsRangeBothEndsIncluded() {
		Template template = Template.parse("/products/{random:1..3}");
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < 300; i++) {
			seen.add(template.expand(this.random, null));
		}

		assertThat(seen).containsExactlyInAnyOrder("/products/1", "/products/2", "/products/3");
	}

	@Test
	void givesEveryRandomPlaceholderItsOwnDraw() {
		Template template = Template.parse("{random:0..1000000}-{random:0..1000000}");

		String[] draws = template.expand(this.random, null).split("-");

		assertThat(draws[0]).isNotEqualTo(draws[1]);
	}

	@Test
	void fillsInTheToken() {
		Template template = Template.parse("Bearer {token}");

		assertThat(template.usesToken()).isTrue();
		assertThat(template.expand(this.random, "abc.def")).isEqualTo("Bearer abc.def");
	}

	@Test
	void leavesJsonBracesAloneAroundPlaceholders() {
		Template template = Template.parse("{\"item\": {random:7..7}, \"tags\": {}, \"user\": \"{token}\"}");

		assertThat(template.expand(this.random, "t1")).isEqualTo("{\"item\": 7, \"tags\": {}, \"user\": \"t1\"}");
		assertThat(Template.parse("/plain").expand(this.random, null)).isEqualTo("/plain");
		assertThat(Template.parse("").expand(this.random, null)).isEmpty();
	}

	@Test
	void reachesTheEndsOfTheIntRange() {
		assertThat(Template.parse("{random:2147483647..2147483647}").expand(this.random, null)).isEqualTo("2147483647");
		assertThat(Template.parse("{random:-5..-5}").expand(this.random, null)).isEqualTo("-5");
	}

	@Test
	void refusesAnUnknownPlaceholderAsATypo() {
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("/x/{tokn}"))
			.withMessage("unknown placeholder {tokn}; allowed: {random:MIN..MAX}, {token}");
	}

	@Test
	void refusesABadRandomRange() {
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{random:10..1}"))
			.withMessage("{random:10..1}: the range's MIN 10 is above its MAX 1");
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{random}"))
			.withMessage("{random}: a random number needs a range of whole numbers, e.g. {random:1..10000}");
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{random:1-10}"))
			.withMessageContaining("needs a range of whole numbers");
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{random:1..99999999999}"))
			.withMessage("{random:1..99999999999}: 99999999999 is out of range; MIN and MAX lie between "
					+ "-2147483648 and 2147483647");
		assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{token:x}"))
			.withMessage("{token:x}: {token} takes no argument");
	}

}
