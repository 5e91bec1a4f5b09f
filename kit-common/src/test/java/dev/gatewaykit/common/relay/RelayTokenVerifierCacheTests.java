package dev.gatewaykit.common.relay;

import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.RelayClaims;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verifier remembers the tokens it verified (an Ed25519 verification costs hundreds
 * of microseconds): what it remembers must never accept more than a fresh verification
 * would.
 */
class RelayTokenVerifierCacheTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private static final KeyPair KEYS = RelayKeys.generate();

	private final RelayTokenSigner signer = new RelayTokenSigner("k1", KEYS.getPrivate());

	private final MovableClock clock = new MovableClock(NOW);

	private final RelayTokenVerifier verifier = new RelayTokenVerifier(Map.of("k1", KEYS.getPublic()),
			Duration.ofMinutes(5), this.clock);

	@Test
	void aRememberedTokenIsRefusedOnceItHasExpired() {
		String token = this.signer.sign(claims("7", 60));
		assertThat(this.verifier.verify(token)).isPresent();
		assertThat(this.verifier.verify(token)).isPresent();
		assertThat(this.verifier.remembered()).isEqualTo(1);

		this.clock.now = NOW.plusSeconds(61);

		assertThat(this.verifier.verify(token)).isEmpty();
	}

	@Test
	void aTamperedCopyOfARememberedTokenIsVerifiedAfreshAndRefused() {
		String token = this.signer.sign(claims("7", 60));
		assertThat(this.verifier.verify(token)).isPresent();
		String tampered = token.substring(0, token.length() - 2) + (token.endsWith("AA") ? "BB" : "AA");

		assertThat(this.verifier.verify(tampered)).isEmpty();
		assertThat(this.verifier.remembered()).isEqualTo(1);
	}

	@Test
	void refusedTokensAreNotRemembered() {
		String forged = new RelayTokenSigner("k1", RelayKeys.generate().getPrivate()).sign(claims("7", 60));
		assertThat(this.verifier.verify(forged)).isEmpty();
		assertThat(this.verifier.verify("v3.garbage.garbage")).isEmpty();
		assertThat(this.verifier.remembered()).isZero();
	}

	@Test
	void remembersAtMostItsBound() {
		RelayTokenVerifier small = new RelayTokenVerifier(Map.of("k1", KEYS.getPublic()), Duration.ofMinutes(5),
				this.clock, "mall-api", 3);
		for (int i = 0; i < 10; i++) {
			assertThat(small.verify(this.signer.sign(claims(String.valueOf(i), 60)))).isPresent();
			assertThat(small.remembered()).isBetween(1L, 3L);
		}
	}

	/**
	 * The cache used to empty itself completely when it reached its bound: every token
	 * then had to be verified afresh at once.
	 */
	@Test
	void dropsSingleEntriesAtItsBoundRatherThanEmptyingItself() {
		RelayTokenVerifier small = new RelayTokenVerifier(Map.of("k1", KEYS.getPublic()), Duration.ofMinutes(5),
				this.clock, "mall-api", 3);
		for (int i = 0; i < 4; i++) {
			assertThat(small.verify(this.signer.sign(claims(String.valueOf(i), 60)))).isPresent();
		}

		assertThat(small.remembered()).isEqualTo(3);
	}

	private static RelayClaims claims(String userId, int ttlSeconds) {
		return new RelayClaims(userId, "user" + userId, List.of("USER"), NOW, NOW.plusSeconds(ttlSeconds));
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
