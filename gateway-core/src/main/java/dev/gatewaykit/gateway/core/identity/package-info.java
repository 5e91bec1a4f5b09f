/**
 * The gateway's two per-request dependency calls (load the session from Redis, fetch the
 * relay token from auth-service) as one blocking contract,
 * {@link dev.gatewaykit.gateway.core.identity.IdentityCalls}, its implementation over a
 * synchronous Redis template and the JDK's HTTP client, and the failure every gateway
 * answers the same way.
 */
@NullMarked
package dev.gatewaykit.gateway.core.identity;

import org.jspecify.annotations.NullMarked;
