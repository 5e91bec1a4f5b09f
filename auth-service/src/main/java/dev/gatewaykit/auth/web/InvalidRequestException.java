package dev.gatewaykit.auth.web;

/**
 * A request the client got wrong (a missing or malformed field): answered 400
 * {@code invalid_request} with this exception's message, which must therefore be fit for
 * the client to read.
 */
public class InvalidRequestException extends RuntimeException {

	public InvalidRequestException(String message) {
		super(message, null, false, false);
	}

}
