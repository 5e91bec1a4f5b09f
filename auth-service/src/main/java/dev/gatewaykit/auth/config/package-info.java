/**
 * auth-service's properties and the beans that are not components: clock, relay token
 * codec, password hashing, the Redis client.
 */
@NullMarked
package dev.gatewaykit.auth.config;

import org.jspecify.annotations.NullMarked;
