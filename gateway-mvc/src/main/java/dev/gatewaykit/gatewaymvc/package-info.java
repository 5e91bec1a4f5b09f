/**
 * The MVC gateway: Spring Cloud Gateway Server MVC with the kit's filters.
 */
@NullMarked
package dev.gatewaykit.gatewaymvc;

import org.jspecify.annotations.NullMarked;
