/**
 * What each mode's measured window cost and where its event loops spent it: CPU of every
 * process from {@code /proc} (and per request), the gateway's own per-second runtime
 * series, a flame graph from async-profiler, a thread dump from the middle of the window
 * and, with BlockHound, the blocking calls the gateway made on its event loops.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.diagnostics;

import org.jspecify.annotations.NullMarked;
