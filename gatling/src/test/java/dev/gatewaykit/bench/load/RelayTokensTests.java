package dev.gatewaykit.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.dataformat.yaml.YAMLMapper;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import dev.gatewaykit.common.relay.RelayTokenVerifier;

class RelayTokensTests {

	private static final Clock NOW = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

	private static final RelayTokenSigner DEMO_SIGNER = new RelayTokenSigner(BenchSettings.DEFAULT_RELAY_KEY_ID,
			RelayKeys.privateKey(BenchSettings.DEFAULT_RELAY_PRIVATE_KEY));

	@Test
	void mintsTokensTheDemoMallApiAccepts() {
		List<String> tokens = RelayTokens.mint(DEMO_SIGNER, 3, Duration.ofMinutes(5), NOW);

		assertThat(tokens).hasSize(3).doesNotHaveDuplicates();
		RelayClaims claims = demoMallApi(NOW, Duration.ofMinutes(5)).verify(tokens.get(1)).orElseThrow();
		assertThat(claims.userId()).isEqualTo("2");
		assertThat(claims.username()).isEqualTo("user0002");
		assertThat(claims.roles()).containsExactly("USER");
	}

	@Test
	void tokensOutliveTheRunButNotForever() {
		String token = RelayTokens.mint(DEMO_SIGNER, 1, Duration.ofMinutes(5), NOW).get(0);

		Clock later = Clock.offset(NOW, Duration.ofMinutes(4));
		Clock tooLate = Clock.offset(NOW, Duration.ofMinutes(6));
		assertThat(demoMallApi(later, Duration.ofMinutes(5)).verify(token)).isPresent();
		assertThat(demoMallApi(tooLate, Duration.ofMinutes(5)).verify(token)).isEmpty();
	}

	/**
	 * mall-api with the key of its application-demo.yml, read from its module next to
	 * this one: the demo key here must be the one whose public half it trusts.
	 */
	private static RelayTokenVerifier demoMallApi(Clock clock, Duration maxLifetime) {
		Path demo = Path.of("../mall-api/src/main/resources/application-demo.yml");
		String publicKey = new YAMLMapper().readTree(demo.toFile())
			.at("/kit/relay/verification/keys/" + BenchSettings.DEFAULT_RELAY_KEY_ID)
			.asString();
		return new RelayTokenVerifier(Map.of(BenchSettings.DEFAULT_RELAY_KEY_ID, RelayKeys.publicKey(publicKey)),
				maxLifetime, clock);
	}

}
