/**
 * A calibrated regression: the {@code Burn} route filter spends a set amount of CPU per
 * request, so that anyone can check on their own machine what the gate detects.
 */
@NullMarked
package dev.gatewaykit.extensions.burn;

import org.jspecify.annotations.NullMarked;
