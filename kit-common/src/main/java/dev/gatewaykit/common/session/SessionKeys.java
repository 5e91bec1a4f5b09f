package dev.gatewaykit.common.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

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

	private SessionKeys() {
	}

	/** The key of the session with this token. */
	public static String of(String token) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
			return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every JDK", ex);
		}
	}

}
