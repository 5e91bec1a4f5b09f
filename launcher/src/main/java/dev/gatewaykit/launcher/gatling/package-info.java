/**
 * A Gatling run of a simulation (the kit's, or a user's) in a JVM of its own, from the
 * simulation's class path.
 */
@NullMarked
package dev.gatewaykit.launcher.gatling;

import org.jspecify.annotations.NullMarked;
