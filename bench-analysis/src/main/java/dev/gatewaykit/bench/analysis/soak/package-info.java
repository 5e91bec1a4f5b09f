/**
 * A soak's verdict: the gateway's memory, threads and file descriptors over time, leak
 * reports, and the tolerances they are judged by.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.soak;

import org.jspecify.annotations.NullMarked;
