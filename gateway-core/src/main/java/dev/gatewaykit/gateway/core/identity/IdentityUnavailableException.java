package dev.gatewaykit.gateway.core.identity;

/**
 * A dependency of the identity checks (Redis or auth-service) failed or was too slow. The
 * gateway fails closed: the request is refused, never passed on unauthenticated. Which
 * HTTP status that is belongs to the web layer
 * ({@link dev.gatewaykit.gateway.core.error.ErrorBodies#identityUnavailable}); this says
 * which dependency failed.
 */
public class IdentityUnavailableException extends RuntimeException {

	/** The name of the session store's circuit breaker and bulkhead, in both gateways. */
	public static final String SESSION_STORE = "session-store";

	/** The name of the relay call's circuit breaker and bulkhead, in both gateways. */
	public static final String AUTH_SERVICE = "auth-service";

	/** The dependency that failed. */
	public enum Dependency {

		/** Redis, where the sessions are. */
		SESSION_STORE,

		/** auth-service, which signs the relay tokens. */
		AUTH_SERVICE

	}

	private final Dependency dependency;

	private final boolean shed;

	private IdentityUnavailableException(Dependency dependency, String message, Throwable cause) {
		this(dependency, message, cause, false);
	}

	private IdentityUnavailableException(Dependency dependency, String message, Throwable cause, boolean shed) {
		super(message, cause);
		this.dependency = dependency;
		this.shed = shed;
	}

	/** Redis (the session store) failed or timed out. */
	public static IdentityUnavailableException sessionStore(Throwable cause) {
		return new IdentityUnavailableException(Dependency.SESSION_STORE,
				"the session store did not answer in time; try again later", cause);
	}

	/** auth-service failed, timed out or refused the relay call. */
	public static IdentityUnavailableException authService(Throwable cause) {
		return new IdentityUnavailableException(Dependency.AUTH_SERVICE,
				"auth-service did not issue a relay token: " + describe(cause), cause);
	}

	/**
	 * The call was not made: the dependency's circuit breaker is open or its bulkhead
	 * full (each gateway's resilience decorator around its identity calls, under the
	 * names {@link #SESSION_STORE} and {@link #AUTH_SERVICE}).
	 * @param dependency the dependency whose call was refused
	 * @param breakerOpen whether its circuit breaker refused (else its bulkhead)
	 * @param cause the breaker's or the bulkhead's refusal
	 */
	public static IdentityUnavailableException shed(Dependency dependency, boolean breakerOpen, Throwable cause) {
		String name = switch (dependency) {
			case SESSION_STORE -> "the session store";
			case AUTH_SERVICE -> "auth-service";
		};
		String message = (breakerOpen) ? name + " is failing; calls to it are paused, try again later"
				: "too many calls to " + name + " are in flight; try again later";
		return new IdentityUnavailableException(dependency, message, cause, true);
	}

	public Dependency dependency() {
		return this.dependency;
	}

	/**
	 * Whether the gateway refused the call itself rather than the dependency failing it:
	 * the client may retry later and will not wait for a timeout meanwhile.
	 */
	public boolean shed() {
		return this.shed;
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
