/**
 * Comparing two runs: the regression gate.
 */
@NullMarked
package dev.gatewaykit.bench.compare;

import org.jspecify.annotations.NullMarked;
