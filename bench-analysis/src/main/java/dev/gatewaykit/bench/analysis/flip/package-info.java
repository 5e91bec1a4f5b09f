/**
 * Splitting a run at a mid-window mode switch: before and after figures.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.flip;

import org.jspecify.annotations.NullMarked;
