package dev.gatewaykit.common.relay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.RelayClaims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Finding "relay tokens signed with a shared HMAC secret": every verifier held the key
 * that mints tokens, tokens carried no issue time or key id, and any lifetime the signer
 * chose was trusted. Now: Ed25519, the verifier holds public keys only, picks one by
 * {@code kid}, and bounds the lifetime and the issue time.
 */
class RelayTokenSecurityTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private static final KeyPair CURRENT = RelayKeys.generate();

	private static final KeyPair NEXT = RelayKeys.generate();

	private final RelayTokenSigner signer = new RelayTokenSigner("current", CURRENT.getPrivate());

	private final RelayTokenVerifier verifier = verifier(Map.of("current", CURRENT));

	private final RelayClaims claims = new RelayClaims("42", "alice & bob=", List.of("USER", "ADMIN"), NOW,
			NOW.plusSeconds(60));

	@Test
	void roundTripsClaimsWithIssueTime() {
		assertThat(this.verifier.verify(this.signer.sign(this.claims))).contains(this.claims);
	}

	@Test
	void refusesTokenSignedWithAnotherPrivateKey() {
		RelayTokenSigner forger = new RelayTokenSigner("current", RelayKeys.generate().getPrivate());
		assertThat(this.verifier.verify(forger.sign(this.claims))).isEmpty();
	}

	@Test
	void refusesUnknownKeyId() {
		RelayTokenSigner unknown = new RelayTokenSigner("retired", CURRENT.getPrivate());
		assertThat(this.verifier.verify(unknown.sign(this.claims))).isEmpty();
	}

	@Test
	void picksTheKeyByKeyIdSoThatTwoKeysVerifyDuringARotation() {
		RelayTokenVerifier rotating = verifier(Map.of("current", CURRENT, "next", NEXT));
		RelayTokenSigner nextSigner = new RelayTokenSigner("next", NEXT.getPrivate());

		assertThat(rotating.verify(this.signer.sign(this.claims))).contains(this.claims);
		assertThat(rotating.verify(nextSigner.sign(this.claims))).contains(this.claims);
		// The key id is signed too: claiming the other key's id breaks the signature.
		String relabelled = new RelayTokenSigner("current", NEXT.getPrivate()).sign(this.claims);
		assertThat(rotating.verify(relabelled)).isEmpty();
	}

	@Test
	void refusesTamperedPayload() {
		String[] parts = this.signer.sign(this.claims).split("\\.");
		String otherBody = this.signer.sign(new RelayClaims("1", "root", List.of("ADMIN"), NOW, NOW.plusSeconds(60)))
			.split("\\.")[1];
		assertThat(this.verifier.verify(parts[0] + "." + otherBody + "." + parts[2])).isEmpty();
	}

	@Test
	void refusesExpiredToken() {
		String token = this.signer
			.sign(new RelayClaims("42", "alice", List.of(), NOW.minusSeconds(61), NOW.minusSeconds(1)));
		assertThat(this.verifier.verify(token)).isEmpty();
	}

	@Test
	void refusesTokenSignedToLiveLongerThanTheMaximum() {
		String day = this.signer.sign(new RelayClaims("42", "alice", List.of(), NOW, NOW.plus(Duration.ofDays(1))));
		String fiveMinutes = this.signer
			.sign(new RelayClaims("42", "alice", List.of(), NOW, NOW.plus(Duration.ofMinutes(5))));

		assertThat(this.verifier.verify(day)).isEmpty();
		assertThat(this.verifier.verify(fiveMinutes)).isPresent();
	}

	@Test
	void refusesTokenIssuedInTheFutureBeyondTheSkew() {
		Instant later = NOW.plus(RelayTokenVerifier.ALLOWED_CLOCK_SKEW).plusSeconds(1);
		String future = this.signer.sign(new RelayClaims("42", "alice", List.of(), later, later.plusSeconds(60)));
		Instant skewed = NOW.plus(RelayTokenVerifier.ALLOWED_CLOCK_SKEW);
		String withinSkew = this.signer.sign(new RelayClaims("42", "alice", List.of(), skewed, skewed.plusSeconds(60)));

		assertThat(this.verifier.verify(future)).isEmpty();
		assertThat(this.verifier.verify(withinSkew)).isPresent();
	}

	@Test
	void verifierConfigurationTakesPublicKeysOnlySoItCannotMint() {
		String privateKey = RelayKeys.encode(CURRENT.getPrivate());

		assertThat(catchThrowable(() -> new RelayVerificationProperties(
				new RelayVerificationProperties.Verification(Map.of("current", privateKey), "mall-api"),
				Duration.ofMinutes(5))))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("kit.relay.verification.keys.current is not a base64 X.509 DER Ed25519 public key");
	}

	/**
	 * Java's base64 decoder ignores the unused low bits of the last character and accepts
	 * padding, so one signature (and one payload) had many spellings, each accepted and
	 * each a new entry in the verifier's cache.
	 */
	@Test
	void refusesEveryOtherSpellingOfAValidToken() {
		String token = this.signer.sign(this.claims);
		String[] parts = token.split("\\.");
		List<String> spellings = new ArrayList<>();
		for (String alternative : otherSpellings(parts[1])) {
			spellings.add(parts[0] + "." + alternative + "." + parts[2]);
		}
		for (String alternative : otherSpellings(parts[2])) {
			spellings.add(parts[0] + "." + parts[1] + "." + alternative);
		}
		assertThat(spellings).as("the signature's 512 bits leave 4 spare bits").hasSizeGreaterThan(15);

		assertThat(this.verifier.verify(token)).isPresent();
		for (String spelling : spellings) {
			assertThat(this.verifier.verify(spelling)).as(spelling).isEmpty();
		}
	}

	@Test
	void refusesATokenForAnotherAudience() {
		RelayTokenSigner forGateway = new RelayTokenSigner("current", CURRENT.getPrivate(), "gateway");
		RelayTokenVerifier gateway = new RelayTokenVerifier(Map.of("current", CURRENT.getPublic()),
				Duration.ofMinutes(5), Clock.fixed(NOW, ZoneOffset.UTC), "gateway");

		assertThat(this.verifier.verify(forGateway.sign(this.claims))).isEmpty();
		assertThat(gateway.verify(this.signer.sign(this.claims))).isEmpty();
		assertThat(gateway.verify(forGateway.sign(this.claims))).contains(this.claims);
	}

	@Test
	void refusesATokenWithoutATokenIdAndGivesEachTokenItsOwn() {
		String withoutId = RelayTokenFormat
			.base64(("kid=current&aud=mall-api&uid=42&name=alice&roles=USER&iat=" + NOW.getEpochSecond() + "&exp="
					+ NOW.plusSeconds(60).getEpochSecond())
				.getBytes(StandardCharsets.UTF_8));
		assertThat(this.verifier.verify(signed(withoutId))).isEmpty();

		String first = this.signer.sign(this.claims);
		String second = this.signer.sign(this.claims);
		assertThat(first).isNotEqualTo(second);
		assertThat(RelayTokenFormat.fields(first.split("\\.")[1]).orElseThrow().get("jti")).hasSize(22);
	}

	@Test
	void refusesGarbageWithoutThrowing() {
		String signature = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[64]);
		for (String garbage : new String[] { null, "", "v2", "v2..", "v1.a.b", "v2.!!!.???", "v2.YQ.YQ",
				"v3.a2lkPWN1cnJlbnQ." + signature, "v3.a2lkPWN1cnJlbnQ.***", "v3.YQ==.YQ==" }) {
			assertThat(this.verifier.verify(garbage)).as(String.valueOf(garbage)).isEmpty();
		}
	}

	/** Other base64url texts that Java's lenient decoder turns into the same bytes. */
	private static List<String> otherSpellings(String part) {
		byte[] bytes = Base64.getUrlDecoder().decode(part);
		List<String> spellings = new ArrayList<>();
		String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
		String stem = part.substring(0, part.length() - 1);
		for (char last : alphabet.toCharArray()) {
			String candidate = stem + last;
			if (!candidate.equals(part) && Arrays.equals(Base64.getUrlDecoder().decode(candidate), bytes)) {
				spellings.add(candidate);
			}
		}
		spellings.add(part + ((part.length() % 4 == 2) ? "==" : "="));
		return spellings;
	}

	/** A token signed with the current key over a payload of the test's making. */
	private static String signed(String payload) {
		try {
			Signature signature = Signature.getInstance("Ed25519");
			signature.initSign(CURRENT.getPrivate());
			signature.update((RelayTokenFormat.VERSION + "." + payload).getBytes(StandardCharsets.US_ASCII));
			return RelayTokenFormat.VERSION + "." + payload + "."
					+ Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static RelayTokenVerifier verifier(Map<String, KeyPair> pairs) {
		Map<String, PublicKey> keys = new HashMap<>();
		pairs.forEach((id, pair) -> keys.put(id, pair.getPublic()));
		return new RelayTokenVerifier(keys, Duration.ofMinutes(5), Clock.fixed(NOW, ZoneOffset.UTC));
	}

}
