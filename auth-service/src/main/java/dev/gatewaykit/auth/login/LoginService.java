package dev.gatewaykit.auth.login;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.login.LoginOutcome.Authenticated;
import dev.gatewaykit.auth.login.LoginOutcome.Locked;
import dev.gatewaykit.auth.login.LoginOutcome.Rejected;
import dev.gatewaykit.auth.session.SessionStore;
import dev.gatewaykit.auth.user.PasswordHasher;
import dev.gatewaykit.auth.user.UserAccount;
import dev.gatewaykit.auth.user.UserRepository;

import org.springframework.stereotype.Service;

/**
 * Logs a user in: reserves a password check (refused when the account is locked or the
 * window's checks are taken), checks the password off the event loop, locks after too
 * many failures, and on success stores a session and schedules the failure counter's
 * reset.
 */
@Service
public class LoginService {

	private static final Rejected REJECTED = new Rejected();

	private final UserRepository users;

	private final PasswordHasher hasher;

	private final LoginAttempts attempts;

	private final FailureCounterResets resets;

	private final SessionStore sessions;

	public LoginService(UserRepository users, PasswordHasher hasher, LoginAttempts attempts,
			FailureCounterResets resets, SessionStore sessions) {
		this.users = users;
		this.hasher = hasher;
		this.attempts = attempts;
		this.resets = resets;
		this.sessions = sessions;
	}

	public Mono<LoginOutcome> login(String username, String password) {
		// The lock check and the count are one atomic step before BCrypt: a locked
		// account is refused before its password is looked at (so even the right one
		// does not get in), and concurrent guesses cannot all slip past the lock check
		// before the first failure is counted.
		return this.attempts.reserve(username)
			.<LoginOutcome>map(Locked::new)
			.switchIfEmpty(Mono.defer(() -> authenticate(username, password)));
	}

	private Mono<LoginOutcome> authenticate(String username, String password) {
		return this.users.findByUsername(username)
			.flatMap((user) -> this.hasher.matches(password, user.passwordHash())
				.flatMap((matches) -> matches ? succeed(user) : fail(username)))
			.switchIfEmpty(Mono.defer(() -> this.hasher.matchesNoUser(password).then(fail(username))));
	}

	private Mono<LoginOutcome> succeed(UserAccount user) {
		return this.sessions.create(user)
			.flatMap((token) -> this.resets.add(user.username())
				.thenReturn(new Authenticated(token, this.sessions.idleTimeout())));
	}

	private Mono<LoginOutcome> fail(String username) {
		return this.attempts.recordFailure(username)
			.map((lockedNow) -> lockedNow ? new Locked(this.attempts.lockDuration()) : REJECTED);
	}

}
