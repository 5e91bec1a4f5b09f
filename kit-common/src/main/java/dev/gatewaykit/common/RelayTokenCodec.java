package dev.gatewaykit.common;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.jspecify.annotations.Nullable;

/**
 * Signs and verifies relay tokens with HMAC-SHA256, so that mall-api can check a token
 * locally, without a network call per request.
 * <p>
 * Format: {@code v1.<base64url(payload)>.<base64url(hmac(payload))>}, where the payload
 * is a URL-encoded form ({@code uid=..&name=..&roles=a,b&exp=<epoch seconds>}).
 * Deliberately not JWT: the kit needs one algorithm, no header negotiation, and nothing a
 * library could be talked into accepting unsigned.
 */
public final class RelayTokenCodec {

	private static final String VERSION = "v1";

	private static final String ALGORITHM = "HmacSHA256";

	/**
	 * Shorter secrets make HMAC-SHA256 guessable; refuse them at start-up rather than in
	 * production.
	 */
	public static final int MIN_SECRET_BYTES = 32;

	private final SecretKeySpec key;

	private final Clock clock;

	public RelayTokenCodec(String secret) {
		this(secret, Clock.systemUTC());
	}

	public RelayTokenCodec(String secret, Clock clock) {
		byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
		if (bytes.length < MIN_SECRET_BYTES) {
			throw new IllegalArgumentException(
					"relay token secret must be at least " + MIN_SECRET_BYTES + " bytes, was " + bytes.length);
		}
		this.key = new SecretKeySpec(bytes, ALGORITHM);
		this.clock = clock;
	}

	public String sign(RelayClaims claims) {
		String payload = "uid=" + encode(claims.userId()) + "&name=" + encode(claims.username()) + "&roles="
				+ encode(String.join(",", claims.roles())) + "&exp=" + claims.expiresAt().getEpochSecond();
		String body = base64(payload.getBytes(StandardCharsets.UTF_8));
		return VERSION + "." + body + "." + base64(mac(body));
	}

	/**
	 * Returns the claims of a well-formed, correctly signed, unexpired token; empty for
	 * anything else. Never throws on bad input: a forged token is an expected event, not
	 * an error.
	 */
	public Optional<RelayClaims> verify(@Nullable String token) {
		if (token == null) {
			return Optional.empty();
		}
		String[] parts = token.split("\\.", -1);
		if (parts.length != 3 || !VERSION.equals(parts[0])) {
			return Optional.empty();
		}
		byte[] presented;
		try {
			presented = Base64.getUrlDecoder().decode(parts[2]);
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
		// Constant-time comparison: a timing side channel would let a forger learn the
		// MAC byte by byte.
		if (!MessageDigest.isEqual(presented, mac(parts[1]))) {
			return Optional.empty();
		}
		return parse(parts[1]).filter((claims) -> claims.expiresAt().isAfter(this.clock.instant()));
	}

	private static Optional<RelayClaims> parse(String body) {
		try {
			String payload = new String(Base64.getUrlDecoder().decode(body), StandardCharsets.UTF_8);
			Map<String, String> fields = new HashMap<>();
			for (String pair : payload.split("&")) {
				int eq = pair.indexOf('=');
				if (eq < 0) {
					return Optional.empty();
				}
				fields.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
			}
			String roles = fields.getOrDefault("roles", "");
			List<String> roleList = roles.isEmpty() ? List.of() : Arrays.asList(roles.split(","));
			return Optional.of(new RelayClaims(fields.get("uid"), fields.get("name"), roleList,
					Instant.ofEpochSecond(Long.parseLong(fields.get("exp")))));
		}
		catch (RuntimeException ex) {
			// Signed but unparseable cannot happen with our own signer; treat it as
			// forged all the same.
			return Optional.empty();
		}
	}

	private byte[] mac(String body) {
		try {
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(this.key);
			return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("HmacSHA256 is required by every JDK", ex);
		}
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	private static String base64(byte[] bytes) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
