/**
 * Who may call what: the gateway's HTTP Basic client credentials, JSON refusals.
 */
@NullMarked
package dev.gatewaykit.auth.security;

import org.jspecify.annotations.NullMarked;
