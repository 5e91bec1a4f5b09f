package dev.gatewaykit.auth.demo;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DemoUserTests {

	@Test
	void namesAndNumbersUsersFromOne() {
		List<DemoUser> users = DemoUser.first(3, "seed");

		assertThat(users).extracting(DemoUser::username).containsExactly("user0001", "user0002", "user0003");
		assertThat(users).extracting(DemoUser::id).containsExactly("1", "2", "3");
	}

	@Test
	void derivesTheSamePasswordsFromTheSameSeed() {
		assertThat(DemoUser.first(50, "seed")).isEqualTo(DemoUser.first(50, "seed"));
	}

	@Test
	void givesEveryUserAPasswordOfItsOwn() {
		assertThat(DemoUser.first(1000, "seed")).extracting(DemoUser::password).doesNotHaveDuplicates();
	}

	@Test
	void anotherSeedGivesOtherPasswords() {
		assertThat(DemoUser.of(1, "seed").password()).isNotEqualTo(DemoUser.of(1, "other seed").password());
	}

	@Test
	void passwordIsPrefixedHex() {
		assertThat(DemoUser.of(17, "seed").password()).matches("pw-[0-9a-f]{16}");
	}

	@Test
	void keepsCountingPastFourDigits() {
		assertThat(DemoUser.of(12345, "seed").username()).isEqualTo("user12345");
	}

	@Test
	void doesNotPrintThePassword() {
		DemoUser user = DemoUser.of(1, "seed");
		assertThat(user.toString()).contains("user0001").doesNotContain(user.password());
	}

}
