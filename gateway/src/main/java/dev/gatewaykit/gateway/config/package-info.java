/**
 * The gateway's configuration: its properties ({@code kit.gateway}, {@code kit.routes}),
 * the wiring of the filters to the execution modes, and the run-time application of
 * config changes. Nothing outside this package depends on it: every other package takes
 * plain values.
 */
@NullMarked
package dev.gatewaykit.gateway.config;

import org.jspecify.annotations.NullMarked;
