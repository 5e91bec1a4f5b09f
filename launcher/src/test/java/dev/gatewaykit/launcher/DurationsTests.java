package dev.gatewaykit.launcher;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DurationsTests {

	@Test
	void writesDurationsAsPeopleDo() {
		assertThat(Durations.human(Duration.ofMinutes(3))).isEqualTo("3 min");
		assertThat(Durations.human(Duration.ofSeconds(90))).isEqualTo("1 min 30 s");
		assertThat(Durations.human(Duration.ofSeconds(45))).isEqualTo("45 s");
		assertThat(Durations.human(Duration.ofMillis(250))).isEqualTo("250 ms");
	}

}
