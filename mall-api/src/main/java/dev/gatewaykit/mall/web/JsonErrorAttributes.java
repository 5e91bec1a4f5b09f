package dev.gatewaykit.mall.web;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.gatewaykit.common.error.ApiError;

import org.springframework.boot.web.error.ErrorAttributeOptions;
import org.springframework.boot.webmvc.error.DefaultErrorAttributes;
import org.springframework.http.HttpStatus;
import org.springframework.web.context.request.WebRequest;

/**
 * Gives Boot's {@code /error} fallback the same {@link ApiError} shape as the rest of the
 * API. It answers what never reaches {@link ApiErrorAdvice}: errors raised by the
 * container or a filter, and {@code sendError} calls. Boot's own {@code server.error.*}
 * options still decide whether the exception message may be shown; the stack trace never
 * is (and {@code server.error.include-stacktrace=never} says so too).
 */
public class JsonErrorAttributes extends DefaultErrorAttributes {

	private static final String NO_MESSAGE = "No message available";

	@Override
	public Map<String, Object> getErrorAttributes(WebRequest webRequest, ErrorAttributeOptions options) {
		Map<String, Object> defaults = super.getErrorAttributes(webRequest, options);
		// Boot reports 999 when /error is requested without an error behind it;
		// BasicErrorController answers 500.
		HttpStatus status = (defaults.get("status") instanceof Integer code && HttpStatus.resolve(code) != null)
				? HttpStatus.valueOf(code) : HttpStatus.INTERNAL_SERVER_ERROR;
		String message = (defaults.get("message") instanceof String text && !text.isBlank() && !NO_MESSAGE.equals(text))
				? text : ApiErrors.code(status).replace('_', ' ');
		ApiError error = ApiErrors.of(status, message);
		Map<String, Object> attributes = new LinkedHashMap<>();
		attributes.put("status", error.status());
		attributes.put("error", error.error());
		attributes.put("message", error.message());
		return attributes;
	}

}
