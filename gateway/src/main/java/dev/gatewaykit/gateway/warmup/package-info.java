/**
 * The gateway warms its own request path before it says it is ready: a cold JVM on two
 * cores served a fraction of its warm rate for its first minute, and a load balancer
 * sends the full rate the moment the readiness probe says yes.
 */
@NullMarked
package dev.gatewaykit.gateway.warmup;

import org.jspecify.annotations.NullMarked;
