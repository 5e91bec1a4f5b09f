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

	@Test
	void aFreshGatewayStartsAtTheEdgesCapWhenThatIsHigherAndNeverPastItsMaximum() {
		assertThat(withEdgeCap(0).startingLimit()).isEqualTo(200);
		assertThat(withEdgeCap(150).startingLimit()).isEqualTo(200);
		assertThat(withEdgeCap(281).startingLimit()).isEqualTo(281);
		assertThat(withEdgeCap(5000).startingLimit()).isEqualTo(1000);
	}

	private static AdmissionProperties withQueueSize(String queueSize) {
		return new AdmissionProperties(true, 200, 20, 1000, 2.0, Duration.ofMillis(50), Duration.ofSeconds(1),
				Duration.ofSeconds(1), List.of("/api/auth/oauth/token"), queueSize, 0);
	}

	private static AdmissionProperties withEdgeCap(int edgeCap) {
		return new AdmissionProperties(true, 200, 20, 1000, 2.0, Duration.ofMillis(50), Duration.ofSeconds(1),
				Duration.ofSeconds(1), List.of("/api/auth/oauth/token"), AdmissionProperties.SQUARE_ROOT, edgeCap);
	}

}
