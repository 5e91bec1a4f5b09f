package dev.gatewaykit.common;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RelayTokenCodecTests {

	private static final String SECRET = "a-test-secret-that-is-long-enough-for-hmac";

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private final RelayTokenCodec codec = new RelayTokenCodec(SECRET, Clock.fixed(NOW, ZoneOffset.UTC));

	private final RelayClaims claims = new RelayClaims("42", "alice & bob=", List.of("USER", "ADMIN"),
			NOW.plusSeconds(60));

	@Test
	void roundTripsClaims() {
		assertThat(this.codec.verify(this.codec.sign(this.claims))).contains(this.claims);
	}

	@Test
	void refusesTokenSignedWithAnotherSecret() {
		RelayTokenCodec forger = new RelayTokenCodec("another-secret-that-is-long-enough-for-hmac",
				Clock.fixed(NOW, ZoneOffset.UTC));
		assertThat(this.codec.verify(forger.sign(this.claims))).isEmpty();
	}

	@Test
	void refusesTamperedPayload() {
		String token = this.codec.sign(this.claims);
		String[] parts = token.split("\\.");
		String otherBody = this.codec.sign(new RelayClaims("1", "root", List.of("ADMIN"), NOW.plusSeconds(60)))
			.split("\\.")[1];
		assertThat(this.codec.verify(parts[0] + "." + otherBody + "." + parts[2])).isEmpty();
	}

	@Test
	void refusesExpiredToken() {
		String token = this.codec.sign(new RelayClaims("42", "alice", List.of(), NOW.minusSeconds(1)));
		assertThat(this.codec.verify(token)).isEmpty();
	}

	@Test
	void refusesGarbageWithoutThrowing() {
		for (String garbage : new String[] { null, "", "v1", "v1..", "v2.a.b", "v1.!!!.???", "v1.YQ.YQ" }) {
			assertThat(this.codec.verify(garbage)).as(String.valueOf(garbage)).isEmpty();
		}
	}

	@Test
	void refusesShortSecret() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RelayTokenCodec("short"));
	}

}
