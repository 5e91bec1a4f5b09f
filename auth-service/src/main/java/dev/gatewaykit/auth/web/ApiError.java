package dev.gatewaykit.auth.web;

import org.springframework.http.HttpStatusCode;

/**
 * The body of every error answer, in every service of the kit:
 * {@code {"status": 401, "error": "unauthorized", "message": "..."}}.
 *
 * @param status the HTTP status code, repeated for clients that only keep the body
 * @param error a short snake_case code that clients can switch on
 * @param message a sentence for humans; never a stack trace or an internal detail
 */
public record ApiError(int status, String error, String message) {

	public ApiError(HttpStatusCode status, String error, String message) {
		this(status.value(), error, message);
	}

}
