/**
 * The execution modes: where the gateway's two per-request dependency calls (load the
 * session from Redis, fetch the relay token from auth-service) run. The filters see one
 * {@link dev.gatewaykit.gateway.mode.IdentityBackend}, the
 * {@link dev.gatewaykit.gateway.mode.ModeSwitch}; each
 * {@link dev.gatewaykit.common.mode.ExecutionMode} is one implementation, three of them
 * over the same {@link dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls}. The
 * filters call the switch through
 * {@link dev.gatewaykit.gateway.mode.ResilientIdentityBackend}: a circuit breaker and a
 * bulkhead per dependency, the same for every mode.
 */
@NullMarked
package dev.gatewaykit.gateway.mode;

import org.jspecify.annotations.NullMarked;
