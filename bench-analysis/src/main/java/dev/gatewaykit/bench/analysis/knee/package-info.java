/**
 * The knee: the highest open-model rate a mode sustains with its p99 and errors within
 * limits, found by a search that doubles the rate until a step fails and then bisects,
 * and the latency-against-rate curve the steps draw.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.knee;

import org.jspecify.annotations.NullMarked;
