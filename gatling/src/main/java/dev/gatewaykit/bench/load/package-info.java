/**
 * The simulation's settings and recorder: warm-up, measured window, per-second figures.
 */
@NullMarked
package dev.gatewaykit.bench.load;

import org.jspecify.annotations.NullMarked;
