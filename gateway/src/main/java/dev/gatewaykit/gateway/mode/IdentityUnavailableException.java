package dev.gatewaykit.gateway.session;

import org.springframework.http.HttpStatus;

/**
 * A dependency of the identity checks (Redis or auth-service) failed or was too slow. The gateway fails closed:
 * the request is refused with {@link #status()}, never passed on unauthenticated.
 */
public class IdentityUnavailableException extends RuntimeException {

	private final HttpStatus status;

	private final String error;

	private IdentityUnavailableException(HttpStatus status, String error, String message, Throwable cause) {
		super(message, cause);
		this.status = status;
		this.error = error;
	}

	/** Redis (the session store) failed or timed out: 503, since retrying later may well work. */
	public static IdentityUnavailableException sessionStore(Throwable cause) {
		return new IdentityUnavailableException(HttpStatus.SERVICE_UNAVAILABLE, "session_store_unavailable",
				"the session store did not answer in time; try again later", cause);
	}

	/** auth-service failed, timed out or refused the relay call: 502, an upstream of ours misbehaved. */
	public static IdentityUnavailableException authService(Throwable cause) {
		return new IdentityUnavailableException(HttpStatus.BAD_GATEWAY, "auth_service_unavailable",
				"auth-service did not issue a relay token: " + describe(cause), cause);
	}

	public HttpStatus status() {
		return this.status;
	}

	public String error() {
		return this.error;
	}

	private static String describe(Throwable cause) {
		if (cause instanceof java.util.concurrent.TimeoutException
				|| cause instanceof java.net.http.HttpTimeoutException) {
			return "timed out";
		}
		String message = cause.getMessage();
		return (message != null && message.length() < 200) ? message : cause.getClass().getSimpleName();
	}

}
