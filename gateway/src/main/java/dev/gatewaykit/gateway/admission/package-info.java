/**
 * Adaptive admission at the gateway's edge: a concurrency limit that follows the measured
 * latency (Netflix's concurrency-limits), so that past its capacity the gateway refuses
 * the excess at once instead of queueing it into a collapse.
 */
@NullMarked
package dev.gatewaykit.gateway.admission;

import org.jspecify.annotations.NullMarked;
