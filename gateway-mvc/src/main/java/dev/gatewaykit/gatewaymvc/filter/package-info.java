/**
 * The authentication and relay-token filters as Server MVC handler filter functions.
 */
@NullMarked
package dev.gatewaykit.gatewaymvc.filter;

import org.jspecify.annotations.NullMarked;
