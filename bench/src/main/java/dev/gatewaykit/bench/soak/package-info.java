/**
 * {@code ./kit soak}: the fixed gateway under a long open-model load at a fraction of its
 * measured capacity, with Netty's leak detector on, and whether its memory, files and
 * threads come back to where they were once the load stops.
 */
@NullMarked
package dev.gatewaykit.bench.soak;

import org.jspecify.annotations.NullMarked;
