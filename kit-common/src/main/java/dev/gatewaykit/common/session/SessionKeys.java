package dev.gatewaykit.common.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

import org.jspecify.annotations.Nullable;

/**
 * The Redis key layout of login sessions: one string key per session,
 * {@code kit:session:{base64url(SHA-256(token))}}, whose TTL is the idle timeout
 * (auth-service sets it, the gateway slides it on every request).
 * <p>
 * The key holds a hash of the bearer token, never the token: whoever can list Redis keys
 * (a {@code KEYS *}, a dump, a replica, a monitoring tool) would otherwise hold every
 * live session. A plain SHA-256 is enough, unlike for passwords: the tokens are 256
 * random bits, so there is nothing to guess from the hash.
 */
public final class SessionKeys {

	/** What every session key starts with. */
	public static final String PREFIX = "kit:session:";

	/**
	 * Length of a {@link #reference(String) reference}: 32 bytes in unpadded base64url.
	 */
	public static final int REFERENCE_LENGTH = 43;

	private static final String BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

	private SessionKeys() {
	}

	/** The key of the session with this token. */
	public static String of(String token) {
		return PREFIX + reference(token);
	}

	/**
	 * The session's reference: {@code base64url(SHA-256(token))}, the part of its key
	 * after {@link #PREFIX}. The gateway names a session to auth-service by its
	 * reference, never by the bearer token, and auth-service loads the session it names:
	 * the reference is no credential towards a client (it cannot be turned back into the
	 * token).
	 */
	public static String reference(String token) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
			return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every JDK", ex);
		}
	}

	/**
	 * The key of the session with this reference.
	 * @throws IllegalArgumentException if it is not a {@link #isReference reference}
	 */
	public static String ofReference(String reference) {
		if (!isReference(reference)) {
			throw new IllegalArgumentException("not a session reference (43 base64url characters)");
		}
		return PREFIX + reference;
	}

	/**
	 * Whether the text has a reference's shape: {@link #REFERENCE_LENGTH} base64url
	 * characters, the last of which can end 256 bits (so each hash has one spelling).
	 */
	public static boolean isReference(@Nullable String text) {
		if (text == null || text.length() != REFERENCE_LENGTH) {
			return false;
		}
		for (int i = 0; i < REFERENCE_LENGTH; i++) {
			char c = text.charAt(i);
			boolean base64url = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'
					|| c == '_';
			if (!base64url) {
				return false;
			}
		}
		// 43 characters carry 258 bits: the last one's two low bits must be zero.
		return (BASE64URL.indexOf(text.charAt(REFERENCE_LENGTH - 1)) & 0b11) == 0;
	}

}
