package dev.gatewaykit.gateway.admission;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AdmissionPropertiesTests {

	@Test
	void aSquareRootQueueGrowsWithTheLimitAndNeverBelowFour() {
		AdmissionProperties properties = withQueueSize(" sqrt ");

		assertThat(properties.queueSizeFunction().applyAsInt(200)).isEqualTo(14);
		assertThat(properties.queueSizeFunction().applyAsInt(1000)).isEqualTo(31);
		assertThat(properties.queueSizeFunction().applyAsInt(9)).isEqualTo(4);
	}

	@Test
	void aFixedQueueIsTheSameAtAnyLimit() {
		AdmissionProperties properties = withQueueSize("4");

		assertThat(properties.queueSizeFunction().applyAsInt(20)).isEqualTo(4);
		assertThat(properties.queueSizeFunction().applyAsInt(1000)).isEqualTo(4);
	}

	@Test
	void refusesAQueueSizeItCannotRead() {
		for (String bad : List.of("0", "-3", "square", "1e3", "99999")) {
			assertThatIllegalArgumentException().isThrownBy(() -> withQueueSize(bad))
				.withMessage("kit.gateway.admission.queue-size must be sqrt or a whole number from 1 to 9999, was '"
						+ bad + "'");
		}
	}

	private static AdmissionProperties withQueueSize(String queueSize) {
		return new AdmissionProperties(true, 200, 20, 1000, 2.0, Duration.ofMillis(50), Duration.ofSeconds(1),
				Duration.ofSeconds(1), List.of("/api/auth/oauth/token"), queueSize);
	}

}
