package dev.gatewaykit.gateway.core.error;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;

/**
 * The kit's JSON error body, an {@link ApiError}
 * ({@code {"status":401,"error":"unauthorized","message":"..."}}), as both gateways
 * answer it: which body a failure gets, and its bytes.
 * <p>
 * Written by hand: three fields need no JSON mapper, and so the filters that refuse
 * requests need none injected. The bytes are those the services' Jackson writes for the
 * same {@link ApiError}, escapes included.
 * <p>
 * A 5xx answer carries a fixed message and the request id, in the message and in
 * {@value #REQUEST_ID_HEADER}: what failed inside (a host, a port, an exception) is for
 * the log, which names the same id, never for the client.
 */
public final class ErrorBodies {

	/** The response header carrying the request id of a 5xx answer. */
	public static final String REQUEST_ID_HEADER = "X-Request-Id";

	/** What a client is told when the session store failed. */
	public static final String SESSION_STORE_FAILED = "the session store did not answer in time; try again later";

	/** What a client is told when the relay call failed. */
	public static final String AUTH_SERVICE_FAILED = "auth-service did not issue a relay token; try again later";

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private ErrorBodies() {
	}

	/**
	 * The answer to a request whose identity could not be checked. The session store
	 * failing is 503, since retrying later may well work; auth-service failing is 502, an
	 * upstream of ours misbehaved, unless the gateway shed the call itself (open circuit
	 * breaker, full bulkhead): that is 503, the gateway choosing not to try for now. The
	 * message says which, never why: the exception's detail is for the log.
	 */
	public static ApiError identityUnavailable(IdentityUnavailableException ex) {
		return switch (ex.dependency()) {
			case SESSION_STORE -> new ApiError(503, "session_store_unavailable",
					(ex.shed()) ? String.valueOf(ex.getMessage()) : SESSION_STORE_FAILED);
			case AUTH_SERVICE ->
				(ex.shed()) ? new ApiError(503, "auth_service_unavailable", String.valueOf(ex.getMessage()))
						: new ApiError(502, "auth_service_unavailable", AUTH_SERVICE_FAILED);
		};
	}

	/**
	 * The body as it is sent: a 5xx one names the request id in its message, anything
	 * else is sent as it is.
	 * @param error the body
	 * @param requestId the id the gateway logs this request under
	 */
	public static ApiError answered(ApiError error, String requestId) {
		if (error.status() < 500) {
			return error;
		}
		return new ApiError(error.status(), error.error(), error.message() + " (request id " + requestId + ")");
	}

	/** The body's JSON, byte for byte what Jackson writes for it. */
	public static String json(ApiError error) {
		return "{\"status\":" + error.status() + ",\"error\":\"" + escape(error.error()) + "\",\"message\":\""
				+ escape(error.message()) + "\"}";
	}

	/**
	 * Jackson's escapes: the two-character ones where JSON has them, a six-character one
	 * for other controls.
	 */
	static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length() + 8);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				case '\b' -> out.append("\\b");
				case '\f' -> out.append("\\f");
				default -> {
					if (c < 0x20) {
						out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.toString();
	}

}
