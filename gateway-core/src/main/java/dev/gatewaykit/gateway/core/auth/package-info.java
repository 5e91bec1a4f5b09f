/**
 * The authentication decisions both gateways share: the bearer token and the refusals'
 * words.
 */
@NullMarked
package dev.gatewaykit.gateway.core.auth;

import org.jspecify.annotations.NullMarked;
