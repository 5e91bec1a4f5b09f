/**
 * {@code ./kit knee}: each mode's highest sustained open-model rate, searched step by
 * step on the kit's stack, with the latency-against-rate curve.
 */
@NullMarked
package dev.gatewaykit.bench.knee;

import org.jspecify.annotations.NullMarked;
