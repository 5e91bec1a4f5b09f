/**
 * Spring Cloud Gateway with the kit's authentication and relay-token filters, in four
 * execution modes.
 */
@NullMarked
package dev.gatewaykit.gateway;

import org.jspecify.annotations.NullMarked;
