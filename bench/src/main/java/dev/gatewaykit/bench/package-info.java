/**
 * The kit's command line ({@link dev.gatewaykit.bench.KitCli}), which {@code ./kit} runs.
 */
@NullMarked
package dev.gatewaykit.bench;

import org.jspecify.annotations.NullMarked;
