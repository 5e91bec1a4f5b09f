/**
 * What a run measured, as the simulation writes it and the analysis reads it: the window,
 * per-second series, latency histograms, the steady-state warm-up, the JSON they are
 * stored in, and the Prometheus text the gateway's meters are scraped in.
 */
@NullMarked
package dev.gatewaykit.bench.model;

import org.jspecify.annotations.NullMarked;
