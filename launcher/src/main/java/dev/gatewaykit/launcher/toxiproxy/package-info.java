/**
 * toxiproxy-server and the latency toxics the bench puts on its links.
 */
@NullMarked
package dev.gatewaykit.launcher.toxiproxy;

import org.jspecify.annotations.NullMarked;
