/**
 * The relay-token call between the gateway and auth-service: its endpoint, its request
 * and response bodies, and the key the tokens are signed with. The token's own format is
 * {@link dev.gatewaykit.common.RelayTokenCodec}.
 */
@NullMarked
package dev.gatewaykit.common.relay;

import org.jspecify.annotations.NullMarked;
