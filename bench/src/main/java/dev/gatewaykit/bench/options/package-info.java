/**
 * The options of the kit's commands, as picocli gave them, and the usage error a command
 * raises on a bad combination.
 */
@NullMarked
package dev.gatewaykit.bench.options;

import org.jspecify.annotations.NullMarked;
