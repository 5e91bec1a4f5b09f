/**
 * What each fault did: per-phase error rates and latencies of an open-model run, breaker
 * transitions, and the verdict per fault.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.chaos;

import org.jspecify.annotations.NullMarked;
