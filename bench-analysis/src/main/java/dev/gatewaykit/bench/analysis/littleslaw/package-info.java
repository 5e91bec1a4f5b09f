/**
 * The bound beside each measured TPS: Little's law with the measured hold time, and the
 * utilization law with every process's measured CPU per request; the lower binds.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.littleslaw;

import org.jspecify.annotations.NullMarked;
