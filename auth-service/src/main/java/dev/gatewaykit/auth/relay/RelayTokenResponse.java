package dev.gatewaykit.auth.relay;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A signed relay token and how long it stays valid.
 *
 * @param relayToken the token, for the gateway to forward as {@code X-Kit-Relay-Token}
 * @param expiresIn seconds until it expires
 */
public record RelayTokenResponse(@JsonProperty("relay_token") String relayToken,
		@JsonProperty("expires_in") long expiresIn) {
}
