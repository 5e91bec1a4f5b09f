package dev.gatewaykit.common.relay;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * A signed relay token and how long it stays valid, sent as
 * {@code {"relay_token":"..","expires_in":60}}.
 *
 * @param relayToken the token, for the gateway to forward as {@code X-Kit-Relay-Token};
 * nullable because the gateway reads it from an answer it must check, never from its own
 * code
 * @param expiresIn seconds until it expires
 */
public record RelayTokenResponse(@JsonProperty("relay_token") @Nullable String relayToken,
		@JsonProperty("expires_in") long expiresIn) {
}
