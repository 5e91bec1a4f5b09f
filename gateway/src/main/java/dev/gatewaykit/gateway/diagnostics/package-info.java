/**
 * The gateway's own runtime, second by second, for the bench: event-loop lag, pending
 * tasks, connection pools, Redis command latency and offload pools, plus (opt-in) the
 * blocking calls BlockHound sees — read through the {@code kitdiagnostics} actuator
 * endpoint.
 */
@NullMarked
package dev.gatewaykit.gateway.diagnostics;

import org.jspecify.annotations.NullMarked;
