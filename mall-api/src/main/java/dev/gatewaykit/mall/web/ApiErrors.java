package dev.gatewaykit.mall.web;

import java.util.Locale;

import dev.gatewaykit.common.error.ApiError;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/**
 * mall-api's {@link ApiError}s: the error code is always the status's name, so that a
 * client can switch on it without a table of mall-api's own codes.
 */
public final class ApiErrors {

	private ApiErrors() {
	}

	/** The error body for {@code status}, with the status's name as its code. */
	public static ApiError of(HttpStatusCode status, String message) {
		return new ApiError(status.value(), code(status), message);
	}

	/**
	 * {@code 404} → {@code not_found}; a code outside the {@link HttpStatus} enum →
	 * {@code error}.
	 */
	public static String code(HttpStatusCode status) {
		HttpStatus known = HttpStatus.resolve(status.value());
		return (known != null) ? known.name().toLowerCase(Locale.ROOT) : "error";
	}

}
