/**
 * {@code POST /oauth/relay-token}: signs the relay token the gateway forwards to
 * mall-api.
 */
@NullMarked
package dev.gatewaykit.auth.relay;

import org.jspecify.annotations.NullMarked;
