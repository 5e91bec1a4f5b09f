/**
 * What the kit watches while a window runs: CPU of every process, the gateway's sockets
 * and diagnostics, its metrics, a profiler attached to it.
 */
@NullMarked
package dev.gatewaykit.bench.probe;

import org.jspecify.annotations.NullMarked;
