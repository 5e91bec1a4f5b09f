/**
 * The error body every service of the kit answers with.
 */
@NullMarked
package dev.gatewaykit.common.error;

import org.jspecify.annotations.NullMarked;
