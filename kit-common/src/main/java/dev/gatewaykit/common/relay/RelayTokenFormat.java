package dev.gatewaykit.common.relay;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.common.RelayClaims;

/**
 * The bytes of a relay token, shared by {@link RelayTokenSigner} and
 * {@link RelayTokenVerifier} so that they cannot disagree on them.
 * <p>
 * Format: {@code v3.<base64url(payload)>.<base64url(Ed25519(v3.<base64url(payload)>))>},
 * where the payload is a URL-encoded form
 * ({@code kid=..&aud=..&jti=..&uid=..&name=..&roles=a,b&iat=..&exp=..}, instants in epoch
 * seconds). {@code aud} names the service the token is for, so that a token for one
 * service is refused by another that trusts the same key; {@code jti} is a random id that
 * tells two tokens of one identity apart in logs. Deliberately not JWT: the kit needs one
 * algorithm, no header negotiation, and nothing a library could be talked into accepting
 * unsigned. The key id travels in the signed payload: a verifier reads it before checking
 * the signature only to pick the key, and a changed id then fails the signature like any
 * other change.
 * <p>
 * Both base64url parts must be canonical: unpadded, and with the unused low bits of the
 * last character zero. Java's decoder ignores those bits, so without the check one
 * signature has many spellings, each a distinct token to a cache keyed by the text.
 */
final class RelayTokenFormat {

	static final String VERSION = "v3";

	static final String ALGORITHM = "Ed25519";

	/** The audience tokens are signed for and verified against unless configured. */
	static final String DEFAULT_AUDIENCE = "mall-api";

	private RelayTokenFormat() {
	}

	static String payload(String keyId, String audience, String tokenId, RelayClaims claims) {
		String form = "kid=" + encode(keyId) + "&aud=" + encode(audience) + "&jti=" + encode(tokenId) + "&uid="
				+ encode(claims.userId()) + "&name=" + encode(claims.username()) + "&roles="
				+ encode(String.join(",", claims.roles())) + "&iat=" + claims.issuedAt().getEpochSecond() + "&exp="
				+ claims.expiresAt().getEpochSecond();
		return base64(form.getBytes(StandardCharsets.UTF_8));
	}

	/** What the signature covers: the version and the encoded payload. */
	static byte[] signedBytes(String payload) {
		return (VERSION + "." + payload).getBytes(StandardCharsets.US_ASCII);
	}

	/** The fields of an encoded payload; empty if it is not one. */
	static Optional<Map<String, String>> fields(String payload) {
		Optional<byte[]> bytes = decode(payload);
		if (bytes.isEmpty()) {
			return Optional.empty();
		}
		try {
			String form = new String(bytes.get(), StandardCharsets.UTF_8);
			Map<String, String> fields = new HashMap<>();
			for (String pair : form.split("&")) {
				int eq = pair.indexOf('=');
				if (eq < 0) {
					return Optional.empty();
				}
				fields.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
			}
			return Optional.of(fields);
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	/** The claims of verified fields; empty if one is missing or malformed. */
	static Optional<RelayClaims> claims(Map<String, String> fields) {
		try {
			String roles = fields.getOrDefault("roles", "");
			List<String> roleList = roles.isEmpty() ? List.of() : Arrays.asList(roles.split(","));
			return Optional.of(new RelayClaims(fields.get("uid"), fields.get("name"), roleList,
					Instant.ofEpochSecond(Long.parseLong(fields.get("iat"))),
					Instant.ofEpochSecond(Long.parseLong(fields.get("exp")))));
		}
		catch (RuntimeException ex) {
			// Signed but unparseable cannot happen with our own signer; treat it as
			// forged all the same.
			return Optional.empty();
		}
	}

	static String base64(byte[] bytes) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	/**
	 * The bytes of canonical unpadded base64url text; empty for anything else, including
	 * other spellings of the same bytes (padding, non-zero trailing bits), which are
	 * found by encoding the bytes again and comparing.
	 */
	static Optional<byte[]> decode(String text) {
		try {
			byte[] bytes = Base64.getUrlDecoder().decode(text);
			return base64(bytes).equals(text) ? Optional.of(bytes) : Optional.empty();
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

}
