/**
 * {@code ./kit ablate}: each fix of the incident turned back (or on) one at a time, to
 * see which of them mattered.
 */
@NullMarked
package dev.gatewaykit.bench.ablate;

import org.jspecify.annotations.NullMarked;
