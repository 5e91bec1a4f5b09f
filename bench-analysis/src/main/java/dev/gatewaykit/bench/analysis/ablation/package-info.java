/**
 * The ablation table: each knob's effect on TPS, p99 and CPU per request, with the spread
 * of the repeats.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.ablation;

import org.jspecify.annotations.NullMarked;
