/**
 * Sampling the gateway's sockets from /proc, and what starved connections show.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.sockets;

import org.jspecify.annotations.NullMarked;
