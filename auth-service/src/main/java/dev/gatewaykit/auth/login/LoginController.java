package dev.gatewaykit.auth.login;

import java.time.Duration;

import reactor.core.publisher.Mono;

import dev.gatewaykit.auth.login.LoginOutcome.Authenticated;
import dev.gatewaykit.auth.login.LoginOutcome.Busy;
import dev.gatewaykit.auth.login.LoginOutcome.Locked;
import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.common.session.SessionEndpoints;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

/**
 * {@code POST /oauth/token}: user name and password in, opaque bearer token out.
 */
@RestController
class LoginController {

	static final String PATH = SessionEndpoints.LOGIN;

	private final LoginService logins;

	LoginController(LoginService logins) {
		this.logins = logins;
	}

	@PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<Object>> tokenFromJson(@RequestBody LoginRequest request, ServerHttpRequest http) {
		return token(request, http);
	}

	@PostMapping(path = PATH, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	Mono<ResponseEntity<Object>> tokenFromForm(ServerWebExchange exchange) {
		return exchange.getFormData()
			.flatMap((form) -> token(new LoginRequest(form.getFirst("username"), form.getFirst("password")),
					exchange.getRequest()));
	}

	private Mono<ResponseEntity<Object>> token(LoginRequest request, ServerHttpRequest http) {
		LoginRequest valid = request.validated();
		return this.logins.login(valid.username(), valid.password(), ClientAddress.of(http))
			.map(LoginController::answer);
	}

	private static ResponseEntity<Object> answer(LoginOutcome outcome) {
		if (outcome instanceof Authenticated authenticated) {
			return ResponseEntity
				.ok(TokenResponse.bearer(authenticated.accessToken(), authenticated.expiresIn().toSeconds()));
		}
		if (outcome instanceof Locked locked) {
			return ResponseEntity.status(HttpStatus.LOCKED)
				.header(HttpHeaders.RETRY_AFTER, String.valueOf(ceilSeconds(locked.retryAfter())))
				.body(new ApiError(HttpStatus.LOCKED.value(), "account_locked",
						"too many failed logins from this client; it may not try this user for a while"));
		}
		if (outcome instanceof Busy busy) {
			return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER, String.valueOf(ceilSeconds(busy.retryAfter())))
				.body(new ApiError(HttpStatus.TOO_MANY_REQUESTS.value(), "too_many_requests",
						"other logins of this user are being checked; retry shortly"));
		}
		return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
			.body(new ApiError(HttpStatus.UNAUTHORIZED.value(), "invalid_grant", "bad user name or password"));
	}

	private static long ceilSeconds(Duration duration) {
		return Math.max(1, (duration.toMillis() + 999) / 1000);
	}

}
