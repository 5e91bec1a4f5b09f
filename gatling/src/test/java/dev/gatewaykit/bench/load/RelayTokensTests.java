package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.RelayTokenCodec;

class RelayTokensTests {

	private static final Clock NOW = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

	@Test
	void mintsTokensMallApiAccepts() {
		List<String> tokens = RelayTokens.mint(BenchSettings.DEFAULT_RELAY_SECRET, 3, Duration.ofMinutes(5), NOW);

		RelayTokenCodec mallApi = new RelayTokenCodec(BenchSettings.DEFAULT_RELAY_SECRET, NOW);
		assertThat(tokens).hasSize(3).doesNotHaveDuplicates();
		RelayClaims claims = mallApi.verify(tokens.get(1)).orElseThrow();
		assertThat(claims.userId()).isEqualTo("2");
		assertThat(claims.username()).isEqualTo("user0002");
		assertThat(claims.roles()).containsExactly("USER");
	}

	@Test
	void tokensOutliveTheRunButNotForever() {
		String token = RelayTokens.mint(BenchSettings.DEFAULT_RELAY_SECRET, 1, Duration.ofMinutes(5), NOW).get(0);

		Clock later = Clock.offset(NOW, Duration.ofMinutes(4));
		Clock tooLate = Clock.offset(NOW, Duration.ofMinutes(6));
		assertThat(new RelayTokenCodec(BenchSettings.DEFAULT_RELAY_SECRET, later).verify(token)).isPresent();
		assertThat(new RelayTokenCodec(BenchSettings.DEFAULT_RELAY_SECRET, tooLate).verify(token)).isEmpty();
	}

}
