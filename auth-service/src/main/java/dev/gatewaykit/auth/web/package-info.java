/**
 * The JSON error body of every answer that is not a success.
 */
@NullMarked
package dev.gatewaykit.auth.web;

import org.jspecify.annotations.NullMarked;
