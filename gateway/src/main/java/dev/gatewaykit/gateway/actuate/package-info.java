/**
 * What the bench reads from the running gateway: the {@code kit} actuator endpoint (mode,
 * pools, and the mode switch) and the {@code kit.*} meters.
 */
@NullMarked
package dev.gatewaykit.gateway.actuate;

import org.jspecify.annotations.NullMarked;
