/**
 * One bench run: its options and the per-mode sequence.
 */
@NullMarked
package dev.gatewaykit.bench.run;

import org.jspecify.annotations.NullMarked;
