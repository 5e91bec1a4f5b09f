/**
 * auth-service: the kit's identity provider (login with lockout, sessions in Redis,
 * signed relay tokens).
 */
@NullMarked
package dev.gatewaykit.auth;

import org.jspecify.annotations.NullMarked;
