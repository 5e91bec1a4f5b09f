/**
 * Starts and stops what the kit runs, the same way for {@code ./kit} and the tests:
 * processes with health waits and log files, free ports, the tools (found or installed),
 * the workspace's layout.
 */
@NullMarked
package dev.gatewaykit.launcher;

import org.jspecify.annotations.NullMarked;
