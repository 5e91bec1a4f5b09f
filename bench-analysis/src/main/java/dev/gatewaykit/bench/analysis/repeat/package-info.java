/**
 * A mode measured several times ({@code --repeat N}): the samples, and the median and
 * range of each figure the gate decides on.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.repeat;

import org.jspecify.annotations.NullMarked;
