/**
 * Login sessions written to Redis for the gateway, and their opaque tokens.
 */
@NullMarked
package dev.gatewaykit.auth.session;

import org.jspecify.annotations.NullMarked;
