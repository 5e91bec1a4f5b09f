/**
 * The relay token between auth-service, the gateway and mall-api: its endpoint, its
 * request and response bodies, its Ed25519 signer (auth-service) and verifier (mall-api),
 * and their keys.
 */
@NullMarked
package dev.gatewaykit.common.relay;

import org.jspecify.annotations.NullMarked;
