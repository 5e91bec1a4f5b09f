/**
 * What the gateway reports about its own runtime for the bench's diagnostics: a
 * per-second series (event-loop lag, pending tasks, connection pools, Redis command
 * latency, offload pools) and, with BlockHound installed, the blocking calls it saw. The
 * gateway writes these records on {@code GET /actuator/kitdiagnostics}; the bench reads
 * them.
 */
@NullMarked
package dev.gatewaykit.common.diagnostics;

import org.jspecify.annotations.NullMarked;
