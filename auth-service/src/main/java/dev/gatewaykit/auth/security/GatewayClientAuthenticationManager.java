package dev.gatewaykit.auth.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * Checks the gateway's HTTP Basic client credentials, and nothing else: there is exactly
 * one client.
 * <p>
 * Deliberately no BCrypt (nor any other slow hash) here. The gateway presents these
 * credentials on every proxied request of a load test, 1000+ times a second on a 2-core
 * box, and a BCrypt check costs tens of milliseconds of CPU: it would become the
 * bottleneck of the whole kit. And it would protect nothing: slow hashes exist to make
 * guessing low-entropy human passwords from a stolen hash expensive, while a client
 * secret is long and random, and is held in configuration rather than in a hash database.
 * What does matter is not to leak the secret through timing, so both sides are hashed
 * with SHA-256 (equal lengths whatever is presented) and compared with
 * {@link MessageDigest#isEqual}, which takes the same time wherever the first difference
 * is.
 */
public class GatewayClientAuthenticationManager implements ReactiveAuthenticationManager {

	/** The role the gateway client is granted, as used in {@code hasRole(...)}. */
	public static final String GATEWAY_ROLE = "GATEWAY";

	private static final List<GrantedAuthority> AUTHORITIES = List
		.of(new SimpleGrantedAuthority("ROLE_" + GATEWAY_ROLE));

	private final String clientId;

	private final byte[] clientIdDigest;

	private final byte[] secretDigest;

	public GatewayClientAuthenticationManager(String clientId, String secret) {
		this.clientId = clientId;
		this.clientIdDigest = sha256(clientId);
		this.secretDigest = sha256(secret);
	}

	@Override
	public Mono<Authentication> authenticate(Authentication authentication) {
		return Mono.defer(() -> {
			Object credentials = authentication.getCredentials();
			// Both comparisons always run (non-short-circuit &), so the time does not
			// tell which part was wrong.
			boolean idMatches = MessageDigest.isEqual(sha256(authentication.getName()), this.clientIdDigest);
			boolean secretMatches = MessageDigest.isEqual(sha256((credentials != null) ? credentials.toString() : ""),
					this.secretDigest);
			if (idMatches & secretMatches && credentials != null) {
				return Mono.just(UsernamePasswordAuthenticationToken.authenticated(this.clientId, null, AUTHORITIES));
			}
			return Mono.error(new BadCredentialsException("bad client credentials"));
		});
	}

	private static byte[] sha256(String value) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every JDK", ex);
		}
	}

}
