package dev.gatewaykit.auth.session;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

import org.springframework.stereotype.Component;

/**
 * Makes opaque session tokens: 32 random bytes (256 bits), base64url without padding.
 */
@Component
public class SessionTokenGenerator {

	private static final int TOKEN_BYTES = 32;

	private final SecureRandom random;

	public SessionTokenGenerator() {
		try {
			// DRBG rather than the platform default (NativePRNG), which reads
			// /dev/urandom on every call: after its seeding, DRBG is pure computation, so
			// a token can be made on any thread without file I/O.
			this.random = SecureRandom.getInstance("DRBG");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("DRBG is required by every JDK since 9", ex);
		}
		// Seed now, at start-up, rather than on the first login.
		this.random.nextBytes(new byte[TOKEN_BYTES]);
	}

	public String next() {
		byte[] bytes = new byte[TOKEN_BYTES];
		this.random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
