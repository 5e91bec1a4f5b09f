package dev.gatewaykit.gateway.core.relay;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.gatewaykit.common.relay.RelayTokenRequest;
import dev.gatewaykit.common.relay.RelayTokenResponse;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The gateway's side of the relay-token call to auth-service, shared by every execution
 * mode so that they send and parse the very same bytes: the request body, the token out
 * of the answer, and the client credentials.
 *
 * @see dev.gatewaykit.common.relay.RelayTokenEndpoint the endpoint these bodies are for
 */
public final class RelayCodec {

	/**
	 * Writer and reader bound to their types once, rather than {@code JsonMapper}'s
	 * per-call {@code writeValueAsBytes} / {@code readValue(byte[], Class)}, which build
	 * a writer or reader and look up the root (de)serializer each time: both run once per
	 * request.
	 */
	private final ObjectWriter requestWriter;

	private final ObjectReader responseReader;

	private final String basicAuthorization;

	public RelayCodec(JsonMapper json, String clientId, String clientSecret) {
		this.requestWriter = json.writerFor(RelayTokenRequest.class);
		this.responseReader = json.readerFor(RelayTokenResponse.class);
		String credentials = clientId + ":" + clientSecret;
		this.basicAuthorization = "Basic "
				+ Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The request body asking for a relay token for the session with this reference:
	 * {@code {"session":"<reference>"}}.
	 */
	public byte[] requestBody(String reference) {
		return this.requestWriter.writeValueAsBytes(new RelayTokenRequest(reference));
	}

	/**
	 * auth-service's status for a session reference it has no live session for: the
	 * session ended between the gateway's read and the relay call (a logout racing a
	 * request), answered to the client as a missing session.
	 */
	public static final int NO_SUCH_SESSION = 404;

	/**
	 * Reads the relay token out of auth-service's answer, refusing an answer without one.
	 */
	public String relayToken(byte[] body) {
		RelayTokenResponse response = (body.length > 0) ? this.responseReader.<RelayTokenResponse>readValue(body)
				: null;
		String token = (response != null) ? response.relayToken() : null;
		if (token == null || token.isBlank()) {
			throw new IllegalStateException("auth-service answered without a relay_token");
		}
		return token;
	}

	/** The {@code Authorization} header value with the gateway's client credentials. */
	public String basicAuthorization() {
		return this.basicAuthorization;
	}

}
