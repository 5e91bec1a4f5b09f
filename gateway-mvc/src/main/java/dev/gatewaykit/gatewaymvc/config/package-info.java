/**
 * The MVC gateway's settings, its route and the wiring of the filters to the identity
 * calls.
 */
@NullMarked
package dev.gatewaykit.gatewaymvc.config;

import org.jspecify.annotations.NullMarked;
