/**
 * {@code POST /oauth/token}: password check, brute-force lockout and its failure
 * counters.
 */
@NullMarked
package dev.gatewaykit.auth.login;

import org.jspecify.annotations.NullMarked;
