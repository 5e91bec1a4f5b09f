/**
 * The gateway's filters: path hygiene before anything else, authentication of every
 * routed request, and the {@code RelayToken} route filter. They depend on one
 * {@link dev.gatewaykit.gateway.mode.IdentityBackend}, whatever the execution mode.
 */
@NullMarked
package dev.gatewaykit.gateway.filter;

import org.jspecify.annotations.NullMarked;
