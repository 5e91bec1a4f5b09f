package dev.gatewaykit.auth.login;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.login.LoginAttempts.Check;
import dev.gatewaykit.auth.login.LoginAttempts.Reservation;
import dev.gatewaykit.auth.login.LoginOutcome.Authenticated;
import dev.gatewaykit.auth.login.LoginOutcome.Busy;
import dev.gatewaykit.auth.login.LoginOutcome.Locked;
import dev.gatewaykit.auth.login.LoginOutcome.Rejected;
import dev.gatewaykit.auth.session.SessionStore;
import dev.gatewaykit.auth.user.PasswordHasher;
import dev.gatewaykit.auth.user.UserAccount;
import dev.gatewaykit.auth.user.UserRepository;

import org.springframework.stereotype.Service;

/**
 * Logs a user in: reserves a password check for the (user, client) pair (refused when the
 * pair is locked, waited for briefly when all its checks are running), checks the
 * password off the event loop within the global bound on password checks, and settles the
 * reservation: a success stores a session and gives the reservation back at once, a
 * failure counts towards the pair's lock, anything else gives it back uncounted.
 */
@Service
public class LoginService {

	private static final Rejected REJECTED = new Rejected();

	private final UserRepository users;

	private final PasswordHasher hasher;

	private final LoginAttempts attempts;

	private final SessionStore sessions;

	public LoginService(UserRepository users, PasswordHasher hasher, LoginAttempts attempts, SessionStore sessions) {
		this.users = users;
		this.hasher = hasher;
		this.attempts = attempts;
		this.sessions = sessions;
	}

	/**
	 * @param client the client address the lockout counts the attempt against
	 */
	public Mono<LoginOutcome> login(String username, String password, String client) {
		// The lock check and the reservation are one atomic step before BCrypt: a locked
		// pair is refused before its password is looked at (so even the right one does
		// not get in), and concurrent guesses cannot all slip past the lock check before
		// the first failure is counted.
		return this.attempts.reserve(username, client).flatMap((reservation) -> answer(reservation, password));
	}

	private Mono<LoginOutcome> answer(Reservation reservation, String password) {
		if (reservation instanceof Reservation.Locked locked) {
			return Mono.just(new Locked(locked.retryAfter()));
		}
		if (reservation instanceof Reservation.Busy busy) {
			return Mono.just(new Busy(busy.retryAfter()));
		}
		Check check = (Check) reservation;
		return authenticate(check, password)
			.onErrorResume((ex) -> check.abandoned().onErrorResume((ignored) -> Mono.empty()).then(Mono.error(ex)))
			.doOnCancel(check::abandonLater);
	}

	private Mono<LoginOutcome> authenticate(Check check, String password) {
		return this.users.findByUsername(check.username())
			.flatMap((user) -> this.hasher.matches(password, user.passwordHash())
				.flatMap((matches) -> matches ? succeed(check, user) : fail(check)))
			.switchIfEmpty(Mono.defer(() -> this.hasher.matchesNoUser(password).then(fail(check))));
	}

	private Mono<LoginOutcome> succeed(Check check, UserAccount user) {
		return this.sessions.create(user)
			.flatMap((token) -> check.succeeded().thenReturn(new Authenticated(token, this.sessions.idleTimeout())));
	}

	private Mono<LoginOutcome> fail(Check check) {
		return check.failed().<LoginOutcome>map(Locked::new).defaultIfEmpty(REJECTED);
	}

}
