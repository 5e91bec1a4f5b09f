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
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A relay token is signed once per session and handed out again while at least half its
 * life is left; never for another session, never past that.
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

	private static final String SESSION_7 = SessionKeys.reference("token-7");

	private static final String SESSION_8 = SessionKeys.reference("token-8");

	@Test
	void handsOutTheSameTokenWhileHalfItsLifeIsLeft() {
		RelayTokenResponse first = this.tokens.issue(SESSION_7, session("7"));
		this.clock.now = NOW.plusSeconds(30);
		RelayTokenResponse again = this.tokens.remembered(SESSION_7).orElseThrow();

		assertThat(again.relayToken()).isEqualTo(first.relayToken());
		assertThat(first.expiresIn()).isEqualTo(60);
		assertThat(again.expiresIn()).isEqualTo(30);
		assertThat(this.verifier.verify(again.relayToken())).isPresent();
	}

	@Test
	void forgetsATokenOnceLessThanHalfItsLifeIsLeft() {
		this.tokens.issue(SESSION_7, session("7"));
		this.clock.now = NOW.plusSeconds(31);

		assertThat(this.tokens.remembered(SESSION_7)).isEmpty();
		RelayTokenResponse next = this.tokens.issue(SESSION_7, session("7"));
		assertThat(next.expiresIn()).isEqualTo(60);
		RelayClaims claims = this.verifier.verify(next.relayToken()).orElseThrow();
		assertThat(claims.issuedAt()).isEqualTo(NOW.plusSeconds(31));
	}

	@Test
	void signsTheSessionsIdentityAndNeverHandsOneSessionsTokenToAnother() {
		String user = this.tokens.issue(SESSION_7, session("7")).relayToken();

		assertThat(this.tokens.remembered(SESSION_8)).isEmpty();
		String otherUser = this.tokens.issue(SESSION_8, session("8")).relayToken();
		assertThat(otherUser).isNotEqualTo(user);
		RelayClaims claims = this.verifier.verify(otherUser).orElseThrow();
		assertThat(claims.userId()).isEqualTo("8");
		assertThat(claims.username()).isEqualTo("user8");
		assertThat(claims.roles()).containsExactly("USER", "ADMIN");
	}

	/**
	 * It used to empty itself completely when it reached its bound, so that every
	 * session's next request was signed afresh at once.
	 */
	@Test
	void dropsSingleEntriesAtItsBoundRatherThanEmptyingItself() {
		for (int i = 0; i < 10; i++) {
			this.tokens.issue(SessionKeys.reference("token-" + i), session(String.valueOf(i)));
			assertThat(this.tokens.remembered()).isBetween(1L, 3L);
		}
		assertThat(this.tokens.remembered()).isEqualTo(3);
	}

	private static Session session(String userId) {
		return new Session(userId, "user" + userId, List.of("USER", "ADMIN"), NOW.toEpochMilli(),
				NOW.plus(Duration.ofHours(8)).toEpochMilli());
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
