/**
 * {@code ./kit gate}: two gateway builds measured interleaved on one stack at a fixed
 * open-model rate, and the paired statistics' verdict.
 */
@NullMarked
package dev.gatewaykit.bench.gate;

import org.jspecify.annotations.NullMarked;
