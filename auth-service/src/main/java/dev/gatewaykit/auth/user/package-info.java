/**
 * User accounts in Redis and the BCrypt hashing of their passwords, off the event loop.
 */
@NullMarked
package dev.gatewaykit.auth.user;

import org.jspecify.annotations.NullMarked;
