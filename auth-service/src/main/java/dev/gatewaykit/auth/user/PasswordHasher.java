package dev.gatewaykit.auth.user;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Hashes and checks passwords with BCrypt, always on a scheduler of its own and never on
 * the calling thread.
 * <p>
 * One BCrypt check at cost 10 is tens of milliseconds of pure CPU. Run on a Netty event
 * loop, it would stall every other connection that loop serves (on a 2-core box, half the
 * server) for that long, which is exactly the event-loop blocking this kit is about. The
 * scheduler is built in {@link dev.gatewaykit.auth.config.PasswordHashingConfiguration}.
 */
public class PasswordHasher {

	/**
	 * Checked against when the user does not exist, so that an unknown user costs as much
	 * time as a known one.
	 */
	private final String unknownUserHash;

	private final PasswordEncoder encoder;

	private final Scheduler scheduler;

	public PasswordHasher(PasswordEncoder encoder, Scheduler scheduler) {
		this.encoder = encoder;
		this.scheduler = scheduler;
		this.unknownUserHash = encoder.encode("no user has this password; it only spends the same time");
	}

	/**
	 * Emits whether {@code rawPassword} matches {@code hash}, computed on the hashing
	 * scheduler.
	 */
	public Mono<Boolean> matches(String rawPassword, String hash) {
		return Mono.fromCallable(() -> check(rawPassword, hash)).subscribeOn(this.scheduler);
	}

	/**
	 * Spends the time of a real check and emits {@code false}: used when the user does
	 * not exist, so that neither the answer nor its timing tells an attacker which user
	 * names are real.
	 */
	public Mono<Boolean> matchesNoUser(String rawPassword) {
		return matches(rawPassword, this.unknownUserHash).map((ignored) -> false);
	}

	/**
	 * Emits the BCrypt hash of {@code rawPassword}, computed on the hashing scheduler.
	 */
	public Mono<String> hash(String rawPassword) {
		return Mono.fromCallable(() -> this.encoder.encode(rawPassword)).subscribeOn(this.scheduler);
	}

	private boolean check(String rawPassword, String hash) {
		try {
			return this.encoder.matches(rawPassword, hash);
		}
		catch (IllegalArgumentException ex) {
			// BCrypt refuses passwords over 72 bytes; such a password cannot be anyone's,
			// so it simply does not match.
			return false;
		}
	}

}
