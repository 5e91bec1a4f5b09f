/**
 * The bench's analysis: pure functions from a run's files to results. Nothing here starts
 * a process or talks to a service.
 */
@NullMarked
package dev.gatewaykit.bench.analysis;

import org.jspecify.annotations.NullMarked;
