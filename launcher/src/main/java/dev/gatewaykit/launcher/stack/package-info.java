/**
 * The kit's stack: which services start with which arguments, in which order, recorded by
 * PID.
 */
@NullMarked
package dev.gatewaykit.launcher.stack;

import org.jspecify.annotations.NullMarked;
