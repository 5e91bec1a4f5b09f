/**
 * What both gateways measure the same way for the bench: the CPU time of the thread pools
 * a mode can be bound by.
 */
@NullMarked
package dev.gatewaykit.gateway.core.metrics;

import org.jspecify.annotations.NullMarked;
