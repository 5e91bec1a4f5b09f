/**
 * The commands of {@code ./kit} and their option parsing.
 */
@NullMarked
package dev.gatewaykit.bench.cli;

import org.jspecify.annotations.NullMarked;
