/**
 * What the simulation measures and records: the window, per-second series, latency, the
 * steady-state warm-up.
 */
@NullMarked
package dev.gatewaykit.bench.measure;

import org.jspecify.annotations.NullMarked;
