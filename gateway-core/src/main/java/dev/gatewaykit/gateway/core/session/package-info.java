/**
 * The login sessions the gateway reads from Redis. The record and its key layout are
 * kit-common's ({@link dev.gatewaykit.common.session}), shared with auth-service, which
 * writes them.
 */
@NullMarked
package dev.gatewaykit.gateway.core.session;

import org.jspecify.annotations.NullMarked;
