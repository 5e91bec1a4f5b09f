package dev.gatewaykit.mall.web;

import java.util.Locale;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/**
 * The error body every kit service answers with (docs/design.md, "Errors"), never a stack trace.
 *
 * @param status the HTTP status code, repeated in the body for clients that only log bodies
 * @param error a short snake_case code: the status's name, e.g. {@code not_found}, {@code service_unavailable}
 * @param message a sentence for humans
 */
public record ApiError(int status, String error, String message) {

	public static ApiError of(HttpStatusCode status, String message) {
		return new ApiError(status.value(), code(status), message);
	}

	/** {@code 404} → {@code not_found}; a code outside the {@link HttpStatus} enum → {@code error}. */
	public static String code(HttpStatusCode status) {
		HttpStatus known = HttpStatus.resolve(status.value());
		return (known != null) ? known.name().toLowerCase(Locale.ROOT) : "error";
	}

}
