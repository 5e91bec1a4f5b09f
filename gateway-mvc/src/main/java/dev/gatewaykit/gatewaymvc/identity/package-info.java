/**
 * The identity calls behind a circuit breaker and a bulkhead per dependency, and the
 * thread they run on.
 */
@NullMarked
package dev.gatewaykit.gatewaymvc.identity;

import org.jspecify.annotations.NullMarked;
