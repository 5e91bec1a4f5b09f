/**
 * Switching the gateway's mode mid-window, and splitting the run at the switch.
 */
@NullMarked
package dev.gatewaykit.bench.flip;

import org.jspecify.annotations.NullMarked;
