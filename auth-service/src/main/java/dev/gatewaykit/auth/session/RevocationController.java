package dev.gatewaykit.auth.session;

import java.util.Locale;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.common.session.SessionEndpoints;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Logout: {@code POST /oauth/revoke} deletes the session of the bearer token presented,
 * {@code POST /oauth/revoke-all} every session of its user (a stolen token is then worth
 * nothing, wherever it is). Both answer 204, or 401 when the bearer token is missing or
 * is no live session. Public paths: the bearer token is the credential, no client
 * credentials are asked for (see
 * {@link dev.gatewaykit.auth.security.SecurityConfiguration}).
 */
@RestController
class RevocationController {

	private static final String BEARER = "bearer ";

	/**
	 * Longer text is no token of ours (they are 43 characters), and is not worth hashing.
	 */
	private static final int MAX_TOKEN_LENGTH = 256;

	private final SessionStore sessions;

	RevocationController(SessionStore sessions) {
		this.sessions = sessions;
	}

	@PostMapping(SessionEndpoints.REVOKE)
	Mono<ResponseEntity<Object>> revoke(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return revoke(authorization, this.sessions::revoke);
	}

	@PostMapping(SessionEndpoints.REVOKE_ALL)
	Mono<ResponseEntity<Object>> revokeAll(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return revoke(authorization, this.sessions::revokeAll);
	}

	private static Mono<ResponseEntity<Object>> revoke(@Nullable String authorization,
			Function<String, Mono<Boolean>> revocation) {
		String token = bearerToken(authorization);
		if (token == null) {
			return Mono.just(unauthorized("a bearer token is required (Authorization: Bearer <token>)"));
		}
		return revocation.apply(token)
			.map((revoked) -> revoked ? ResponseEntity.noContent().build()
					: unauthorized("the bearer token is not a live session"));
	}

	private static @Nullable String bearerToken(@Nullable String authorization) {
		if (authorization == null || authorization.length() <= BEARER.length()
				|| !authorization.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
			return null;
		}
		String token = authorization.substring(BEARER.length()).strip();
		return (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) ? null : token;
	}

	private static ResponseEntity<Object> unauthorized(String message) {
		return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
			.body(new ApiError(HttpStatus.UNAUTHORIZED.value(), "unauthorized", message));
	}

}
