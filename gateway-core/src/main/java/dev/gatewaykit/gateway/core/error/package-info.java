/**
 * The error body both gateways answer refusals and failures with, and its bytes.
 */
@NullMarked
package dev.gatewaykit.gateway.core.error;

import org.jspecify.annotations.NullMarked;
