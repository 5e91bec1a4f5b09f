package dev.gatewaykit.auth.relay;

import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import dev.gatewaykit.common.relay.RelayTokenVerifier;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A relay token is signed once per identity and handed out again while at least half its
 * life is left; never for another identity, never past that.
 */
class IssuedRelayTokensTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private static final Duration TTL = Duration.ofSeconds(60);

	private static final KeyPair KEYS = RelayKeys.generate();

	private final MovableClock clock = new MovableClock(NOW);

	private final IssuedRelayTokens tokens = new IssuedRelayTokens(new RelayTokenSigner("k1", KEYS.getPrivate()),
			this.clock, TTL, 3);

	private final RelayTokenVerifier verifier = new RelayTokenVerifier(Map.of("k1", KEYS.getPublic()),
			Duration.ofMinutes(5), this.clock);

	@Test
	void handsOutTheSameTokenWhileHalfItsLifeIsLeft() {
		RelayTokenResponse first = this.tokens.issue("7", "user7", List.of("USER"));
		this.clock.now = NOW.plusSeconds(30);
		RelayTokenResponse again = this.tokens.issue("7", "user7", List.of("USER"));

		assertThat(again.relayToken()).isEqualTo(first.relayToken());
		assertThat(first.expiresIn()).isEqualTo(60);
		assertThat(again.expiresIn()).isEqualTo(30);
		assertThat(this.verifier.verify(again.relayToken())).isPresent();
	}

	@Test
	void signsAnewOnceLessThanHalfItsLifeIsLeft() {
		RelayTokenResponse first = this.tokens.issue("7", "user7", List.of("USER"));
		this.clock.now = NOW.plusSeconds(31);
		RelayTokenResponse next = this.tokens.issue("7", "user7", List.of("USER"));

		assertThat(next.relayToken()).isNotEqualTo(first.relayToken());
		assertThat(next.expiresIn()).isEqualTo(60);
		RelayClaims claims = this.verifier.verify(next.relayToken()).orElseThrow();
		assertThat(claims.issuedAt()).isEqualTo(NOW.plusSeconds(31));
	}

	@Test
	void neverHandsOneIdentitysTokenToAnother() {
		String user = this.tokens.issue("7", "user7", List.of("USER")).relayToken();
		String otherUser = this.tokens.issue("8", "user8", List.of("USER")).relayToken();
		String otherRoles = this.tokens.issue("7", "user7", List.of("USER", "ADMIN")).relayToken();

		assertThat(otherUser).isNotEqualTo(user);
		assertThat(otherRoles).isNotEqualTo(user);
		assertThat(this.verifier.verify(otherRoles).orElseThrow().roles()).containsExactly("USER", "ADMIN");
	}

	@Test
	void remembersAtMostItsBound() {
		for (int i = 0; i < 10; i++) {
			this.tokens.issue(String.valueOf(i), "user" + i, List.of("USER"));
			assertThat(this.tokens.remembered()).isBetween(1, 3);
		}
	}

	/** A clock the test moves. */
	private static final class MovableClock extends Clock {

		volatile Instant now;

		MovableClock(Instant now) {
			this.now = now;
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
