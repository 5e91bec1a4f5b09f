/**
 * Distributed tracing over OTLP, which the gateway only pays for when an endpoint is
 * configured.
 */
@NullMarked
package dev.gatewaykit.gateway.tracing;

import org.jspecify.annotations.NullMarked;
