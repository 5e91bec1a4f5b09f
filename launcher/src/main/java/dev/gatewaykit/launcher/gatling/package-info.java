/**
 * A Gatling run of the kit's simulation in a JVM of its own, from the simulation's class
 * path.
 */
@NullMarked
package dev.gatewaykit.launcher.gatling;

import org.jspecify.annotations.NullMarked;
