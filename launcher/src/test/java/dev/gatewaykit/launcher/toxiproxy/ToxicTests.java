package dev.gatewaykit.launcher.toxiproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ToxicTests {

	@Test
	void aLatencyActsOnTheAnswersInMillisecondsWithoutJitter() {
		assertThat(Toxic.latency(Duration.ofMillis(2500)).json()).containsExactly(entry("name", "latency"),
				entry("type", "latency"), entry("stream", "downstream"), entry("toxicity", 1.0),
				entry("attributes", Map.of("latency", 2500L, "jitter", 0)));
	}

	@Test
	void aBlackHoleIsATimeoutToxicThatNeverCloses() {
		Map<String, Object> json = Toxic.blackHole().json();
		assertThat(json).containsEntry("type", "timeout").containsEntry("stream", "upstream");
		assertThat(json.get("attributes")).isEqualTo(Map.of("timeout", 0));
	}

	@Test
	void aResetIsImmediate() {
		assertThat(Toxic.resetPeer().json()).containsEntry("type", "reset_peer")
			.containsEntry("attributes", Map.of("timeout", 0));
	}

	@Test
	void aStallSlicesTheAnswerWithItsPauseInMicroseconds() {
		Map<String, Object> json = Toxic.stall(200, Duration.ofSeconds(15)).json();
		assertThat(json).containsEntry("type", "slicer").containsEntry("stream", "downstream");
		assertThat(json.get("attributes"))
			.isEqualTo(Map.of("average_size", 200, "size_variation", 0, "delay", 15_000_000L));
	}

	@Test
	void aByteLimitClosesAfterItsBytes() {
		assertThat(Toxic.limitData(100).json()).containsEntry("type", "limit_data")
			.containsEntry("attributes", Map.of("bytes", 100L));
	}

	@Test
	void refusesWhatToxiproxyWouldRefuse() {
		assertThatIllegalArgumentException().isThrownBy(() -> Toxic.latency(Duration.ofMillis(-1)));
		assertThatIllegalArgumentException().isThrownBy(() -> Toxic.stall(0, Duration.ofSeconds(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> Toxic.limitData(-1));
		assertThatIllegalArgumentException().isThrownBy(() -> new Toxic("x", "latency", "sideways", Map.of()))
			.withMessageContaining("sideways");
	}

}
