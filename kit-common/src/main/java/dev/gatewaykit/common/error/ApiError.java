package dev.gatewaykit.common.error;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The body of every error answer, in every service of the kit and in the gateway:
 * {@code {"status":401,"error":"unauthorized","message":"..."}}, never a stack trace. The
 * property order is pinned so that the bytes do not depend on how a service's JSON mapper
 * sorts properties.
 *
 * @param status the HTTP status code, repeated in the body for clients that only keep or
 * log the body
 * @param error a short snake_case code that clients can switch on, such as
 * {@code not_found}
 * @param message a sentence for humans; never a stack trace or an internal detail
 */
@JsonPropertyOrder({ "status", "error", "message" })
public record ApiError(int status, String error, String message) {
}
