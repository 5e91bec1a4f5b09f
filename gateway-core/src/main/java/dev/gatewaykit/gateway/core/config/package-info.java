/**
 * The settings both gateways read under the same keys, with their defaults stated once.
 */
@NullMarked
package dev.gatewaykit.gateway.core.config;

import org.jspecify.annotations.NullMarked;
